import { useCallback } from 'react';
import type { Provider, RouterConfig } from '@cui/contract';
import { useConfigResource } from '@/features/config';
import { Button, Textarea } from '@/ui';
import { ActiveProviderSelect } from './ActiveProviderSelect';
import { ProviderList } from './ProviderList';
import { RouterStatusLine } from './RouterStatusLine';
import { storeProviders } from './provider-rules';
import { useProviderEditor } from './use-provider-editor';

function ProviderEditorPanel({ router, update, refused }: { router: RouterConfig; update(patch: Partial<RouterConfig>): void; refused: string | null }) {
  const persist = useCallback((providers: Provider[]) => update(storeProviders(router, providers)), [update, router]);
  const editor = useProviderEditor(router.providers, persist);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <ActiveProviderSelect router={router} providers={editor.providers} onChange={update} />
        <RouterStatusLine version={router} />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-medium">Providers</h3>
          <Button size="sm" variant="ghost" onClick={editor.toggleMode}>
            {editor.mode === 'ui' ? 'JSON' : 'UI'}
          </Button>
        </div>
        {editor.mode === 'json' ? (
          <Textarea aria-label="Providers JSON" className="min-h-48 font-mono text-xs" value={editor.json} onChange={(event) => editor.setJson(event.target.value)} />
        ) : (
          <ProviderList editor={editor} />
        )}
        {/* Why the server refused the last save, naming the field (a URL that is not one, no models, a rule without its provider). */}
        {refused && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {refused}
          </p>
        )}
      </div>
    </div>
  );
}

/** Model Provider tab (spec §2/§4/§5): the active provider and the providers list, shown once the config has loaded. */
export function ModelProviderSection() {
  const { config, update, updateError } = useConfigResource();
  const updateRouter = useCallback((patch: Partial<RouterConfig>) => void update({ router: patch }), [update]);
  if (!config) return <p className="text-sm text-neutral-500">Loading...</p>;
  return <ProviderEditorPanel router={config.router} update={updateRouter} refused={updateError} />;
}
