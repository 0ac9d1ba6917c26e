import { Provider, type RouterConfig } from '@cui/contract';

/** The active-provider value meaning "router off" (spec §4, labelled Claude Pro/Max). */
export const CLAUDE_PRO = 'claude-pro';

/** A new provider (spec §3): 'provider-N' with N = count + 1, empty URL and key, no models, transformer openrouter. */
export function newProvider(count: number): Provider {
  return { name: `provider-${count + 1}`, api_base_url: '', api_key: '', models: [], transformer: { use: ['openrouter'] } };
}

/** What the provider form edits: models one per line, the transformer as JSON text. */
export interface ProviderDraft {
  name: string;
  api_base_url: string;
  api_key: string;
  models: string;
  transformer: string;
}

export function draftOf(provider: Provider): ProviderDraft {
  return {
    name: provider.name,
    api_base_url: provider.api_base_url,
    api_key: provider.api_key,
    models: provider.models.join('\n'),
    transformer: JSON.stringify(provider.transformer?.use ?? []),
  };
}

/** The transformer text as a list, or undefined unless it is a valid JSON array (then the field is ignored). */
export function parseTransformer(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spec §5 provider save: name, URL and key trimmed; each model trimmed and empty ones dropped; the transformer
 * taken only from a valid JSON array, otherwise the previous one is kept.
 */
export function saveDraft(draft: ProviderDraft, previous: Provider): Provider {
  const use = parseTransformer(draft.transformer);
  const transformer = use ? { use } : previous.transformer;
  return {
    name: draft.name.trim(),
    api_base_url: draft.api_base_url.trim(),
    api_key: draft.api_key.trim(),
    models: draft.models.split(/[\n,]/).map((model) => model.trim()).filter((model) => model !== ''),
    ...(transformer ? { transformer } : {}),
  };
}

/** Providers offered as the active one: those with a non-empty name. */
export function selectableProviders(providers: readonly Provider[]): Provider[] {
  return providers.filter((provider) => provider.name.trim() !== '');
}

/** The active provider and model from the router config: CLAUDE_PRO when the router is off. */
export function activeSelection(router: Pick<RouterConfig, 'enabled' | 'rules'>): { provider: string; model: string } {
  if (!router.enabled) return { provider: CLAUDE_PRO, model: '' };
  const rule = router.rules.default ?? '';
  const comma = rule.indexOf(',');
  return comma < 0 ? { provider: rule, model: '' } : { provider: rule.slice(0, comma), model: rule.slice(comma + 1) };
}

/**
 * The router update for choosing a provider (spec §4): Claude Pro/Max disables the router; a custom provider
 * enables it with its first model as the default rule (or `model` when given: changing the model).
 */
export function chooseProvider(router: RouterConfig, providerName: string, model?: string): Partial<RouterConfig> {
  if (providerName === CLAUDE_PRO) return { enabled: false };
  const provider = router.providers.find((candidate) => candidate.name === providerName);
  const chosen = model ?? provider?.models[0] ?? '';
  return { enabled: true, providers: router.providers, rules: { ...router.rules, default: `${providerName},${chosen}` } };
}

/** The providers list from JSON mode, or undefined when the text is not a valid list of providers. */
export function parseProvidersJson(text: string): Provider[] | undefined {
  try {
    const parsed = Provider.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
