import { Button } from '@/ui';
import { ProviderForm } from './ProviderForm';
import type { ProviderEditor } from './use-provider-editor';

/** The Providers list: add, edit (one at a time; the rest are locked meanwhile) and delete. */
export function ProviderList({ editor }: { editor: ProviderEditor }) {
  const locked = editor.editing !== null;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {editor.providers.map((provider, index) => (
          <li key={index} className="rounded-md border border-neutral-200 p-3 dark:border-neutral-800" data-testid="provider-item">
            {editor.editing?.index === index ? (
              <ProviderForm draft={editor.editing.draft} onChange={editor.change} onSave={editor.save} />
            ) : (
              <div className="flex items-center justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium">{provider.name || '(unnamed)'}</p>
                  <p className="truncate text-xs text-neutral-500">{provider.api_base_url || 'No URL'} · {provider.models.length} model(s)</p>
                </div>
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" aria-label={`Edit ${provider.name}`} disabled={locked} onClick={() => editor.edit(index)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Delete ${provider.name}`} disabled={locked} onClick={() => editor.remove(index)}>
                    Delete
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Button size="sm" className="self-start" disabled={locked} onClick={editor.add}>
        Add Provider
      </Button>
    </div>
  );
}
