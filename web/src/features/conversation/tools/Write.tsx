import { detectLanguage } from '@/lib/language';
import { DiffView } from '../code/DiffView';
import { inputString, type ToolPanelProps } from './types';

/** Write: the whole new content as an all-added diff. */
export function WritePanel({ input }: ToolPanelProps) {
  return <DiffView oldText="" newText={inputString(input, 'content') ?? ''} language={detectLanguage(inputString(input, 'file_path'))} />;
}
