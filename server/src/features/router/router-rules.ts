/**
 * Which "provider,model" a request to the router goes to. llms itself ignores `Router` rules: it only splits the
 * model on its first comma, so our code decides (spec §3, router.rules; wave2-verified §4).
 */

/** The parts of an Anthropic Messages request the rules look at. */
export interface RoutedRequest {
  model?: unknown;
  thinking?: unknown;
  tools?: unknown;
}

function usesWebSearch(tools: unknown): boolean {
  if (!Array.isArray(tools)) return false;
  return tools.some((tool: unknown) => {
    if (typeof tool !== 'object' || tool === null) return false;
    const { type, name } = tool as { type?: unknown; name?: unknown };
    return (typeof type === 'string' && type.startsWith('web_search')) || (typeof name === 'string' && name.startsWith('web_search'));
  });
}

/**
 * First match wins: a requested model that names its provider ('provider,model', what the composer's menu offers with
 * the router on) goes there as it is; an exact rule for the requested model; a haiku (background) request and `background`;
 * extended thinking and `think`; a web-search tool and `webSearch`; then `default`. Undefined leaves the model
 * as it is (llms then answers 404 provider_not_found).
 */
export function routeModel(body: RoutedRequest, rules: Readonly<Record<string, string>>): string | undefined {
  const model = typeof body.model === 'string' ? body.model : '';
  if (model.includes(',')) return model;
  const exact = model ? rules[model] : undefined;
  if (exact) return exact;
  if (model.includes('haiku') && rules.background) return rules.background;
  if (body.thinking && rules.think) return rules.think;
  if (usesWebSearch(body.tools) && rules.webSearch) return rules.webSearch;
  return rules.default || undefined;
}
