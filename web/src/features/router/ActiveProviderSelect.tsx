import type { Provider, RouterConfig } from '@cui/contract';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from '@/ui/field-classes';
import { activeSelection, chooseProvider, CLAUDE_PRO, selectableProviders } from './provider-rules';

const SELECT = cn(FIELD_CLASSES, 'h-9 max-w-56 cursor-pointer');

/**
 * Active Provider (spec §4): Claude Pro/Max turns the router off; a custom provider turns it on with its first
 * model; the Model select then changes the default rule. `providers` is the tab's current list.
 */
export function ActiveProviderSelect({ router, providers, onChange }: { router: RouterConfig; providers: readonly Provider[]; onChange(patch: Partial<RouterConfig>): void }) {
  const active = activeSelection(router);
  const offered = selectableProviders(providers);
  const current = { ...router, providers: [...providers] };
  const activeProvider = offered.find((provider) => provider.name === active.provider);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <label className="flex items-center justify-between gap-4">
        <span className="font-medium">Active Provider</span>
        <select className={SELECT} value={active.provider} onChange={(event) => onChange(chooseProvider(current, event.target.value))}>
          <option value={CLAUDE_PRO}>Claude Pro/Max</option>
          {offered.map((provider) => (
            <option key={provider.name} value={provider.name}>
              {provider.name}
            </option>
          ))}
        </select>
      </label>
      {activeProvider && (
        <label className="flex items-center justify-between gap-4">
          <span className="font-medium">Model</span>
          <select className={SELECT} value={active.model} onChange={(event) => onChange(chooseProvider(current, activeProvider.name, event.target.value))}>
            {activeProvider.models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
      )}
      {router.enabled && <p className="text-xs text-neutral-500">Costs shown for routed runs are estimates at Claude prices.</p>}
    </div>
  );
}
