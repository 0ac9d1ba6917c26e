import type { ModelsResponse } from '@cui/contract';

/** One entry of the model selector; `id` undefined is 'Default' (the CLI's own default: the model is omitted from the request). */
export interface ModelOption {
  label: string;
  id: string | undefined;
  description?: string;
}

export const DEFAULT_MODEL: ModelOption = { label: 'Default', id: undefined };

/**
 * The menu (issue 23): 'Default', then what the server says the pinned CLI offers (its aliases, cached per CLI
 * version) or, with the model-provider router on, the router's models. No model id is written in the web app.
 */
export function modelOptions(response: ModelsResponse | undefined): ModelOption[] {
  const listed = (response?.models ?? []).map((model) => ({ label: model.displayName, id: model.value, ...(model.description ? { description: model.description } : {}) }));
  const fallback = response?.defaultModel ? { ...DEFAULT_MODEL, description: `The CLI's default (${response.defaultModel})` } : DEFAULT_MODEL;
  return [fallback, ...listed];
}

/** The label of a chosen model: its menu label, else the id itself (a model the list does not have), else 'Default'. */
export function modelLabel(id: string | undefined, options: readonly ModelOption[]): string {
  return options.find((option) => option.id === id)?.label ?? id ?? 'Default';
}
