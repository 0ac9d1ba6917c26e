import { detectLanguage } from '@/lib/language';
import { DiffView } from '../code/DiffView';
import { EditResultFallback } from './EditResultFallback';
import { inputString, type ToolPanelProps } from './types';

interface EditItem {
  old_string: string;
  new_string: string;
}

function editsOf(input: Record<string, unknown>): EditItem[] {
  if (!Array.isArray(input.edits)) return [];
  return input.edits.flatMap((edit: unknown) => {
    if (!edit || typeof edit !== 'object') return [];
    const { old_string: oldText, new_string: newText } = edit as Record<string, unknown>;
    return typeof oldText === 'string' || typeof newText === 'string'
      ? [{ old_string: typeof oldText === 'string' ? oldText : '', new_string: typeof newText === 'string' ? newText : '' }]
      : [];
  });
}

/** MultiEdit: one diff per edit, stacked. */
export function MultiEditPanel({ input, result }: ToolPanelProps) {
  const language = detectLanguage(inputString(input, 'file_path'));
  const edits = editsOf(input);
  if (edits.length === 0) return <EditResultFallback text={result.result} language={language} />;
  return (
    <div className="flex flex-col gap-2">
      {edits.map((edit, i) => (
        <DiffView key={i} oldText={edit.old_string} newText={edit.new_string} language={language} title={`Edit ${i + 1} of ${edits.length}`} />
      ))}
    </div>
  );
}
