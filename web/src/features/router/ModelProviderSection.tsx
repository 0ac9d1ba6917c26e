import { useCallback } from 'react';
import type { Provider, RouterConfig } from '@cui/contract';
import { useConfigResource } from '@/features/config';
import { Button, Textarea } from '@/ui';
import { ActiveProviderSelect } from './ActiveProviderSelect';
import { ProviderList } from './ProviderList';
import { RouterStatusLine } from './RouterStatusLine';
import { useProviderEditor } from './use-provider-editor';

function ProviderEditorPanel({ router, update }: { router: RouterConfig; update(patch: Partial<RouterConfig>): void }) {
  const persist = useCallback((providers: Provider[]) => update({ providers }), [update]);
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
      </div>
    </div>
  );
}

/** Model Provider tab (spec §2/§4/§5): the active provider and the providers list, shown once the config has loaded. */
export function ModelProviderSection() {
  const { config, update } = useConfigResource();
  const updateRouter = useCallback((patch: Partial<RouterConfig>) => void update({ router: patch }), [update]);
  if (!config) return <p className="text-sm text-neutral-500">Loading...</p>;
  return <ProviderEditorPanel router={config.router} update={updateRouter} />;
}
