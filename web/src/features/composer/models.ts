/** One entry of the model selector; `id` undefined is 'Default' (the model is omitted from the request). */
export interface ModelOption {
  label: string;
  id: string | undefined;
}

/** Spec §5: Default plus Opus 3, Sonnet 3, Haiku 3 and Sonnet 3.5. */
export const MODEL_OPTIONS: readonly ModelOption[] = [
  { label: 'Default', id: undefined },
  { label: 'Opus 3', id: 'claude-3-opus-20240229' },
  { label: 'Sonnet 3', id: 'claude-3-sonnet-20240229' },
  { label: 'Haiku 3', id: 'claude-3-haiku-20240307' },
  { label: 'Sonnet 3.5', id: 'claude-3-5-sonnet-20241022' },
];

export function modelLabel(id: string | undefined): string {
  return MODEL_OPTIONS.find((option) => option.id === id)?.label ?? id ?? 'Default';
}
