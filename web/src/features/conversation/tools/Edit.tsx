import { detectLanguage } from '@/lib/language';
import { DiffView } from '../code/DiffView';
import { EditResultFallback } from './EditResultFallback';
import { inputString, type ToolPanelProps } from './types';

/** Edit: the diff of old_string against new_string. */
export function EditPanel({ input, result }: ToolPanelProps) {
  const language = detectLanguage(inputString(input, 'file_path'));
  const oldText = inputString(input, 'old_string');
  const newText = inputString(input, 'new_string');
  if (oldText === undefined && newText === undefined) return <EditResultFallback text={result.result} language={language} />;
  return <DiffView oldText={oldText ?? ''} newText={newText ?? ''} language={language} />;
}
