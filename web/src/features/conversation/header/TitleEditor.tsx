import { CUSTOM_NAME_MAX } from '@cui/contract/constants';
import { Input } from '@/ui';
import type { TitleEditor as Editor } from './use-title-editor';

/** The title while renaming: a field with a live 'n/200' counter; Enter saves, Escape cancels. */
export function TitleEditor({ editor }: { editor: Editor }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <Input
        autoFocus
        aria-label="Conversation name"
        value={editor.value}
        maxLength={CUSTOM_NAME_MAX}
        onChange={(e) => editor.change(e.target.value)}
        onBlur={editor.cancel}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            editor.commit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            editor.cancel();
          }
        }}
        className="h-8 min-w-0 text-base font-semibold"
      />
      <span className="shrink-0 text-xs text-neutral-500 tabular-nums" aria-live="polite">
        {editor.value.length}/{CUSTOM_NAME_MAX}
      </span>
    </div>
  );
}
