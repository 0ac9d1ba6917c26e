import { Button, Input, Textarea } from '@/ui';
import type { ProviderDraft } from './provider-rules';
import { TransformerField } from './TransformerField';
import { transformerChoice, transformerProblem } from './transformers';

const FIELDS: { field: Exclude<keyof ProviderDraft, 'transformer'>; label: string; placeholder?: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'api_base_url', label: 'API Base URL', placeholder: 'https://openrouter.ai/api/v1/chat/completions' },
  { field: 'api_key', label: 'API Key' },
];

/** The one provider being edited; Save Provider applies the save rules (provider-rules.ts). */
export function ProviderForm({ draft, onChange, onSave }: { draft: ProviderDraft; onChange(field: keyof ProviderDraft, value: string): void; onSave(): void }) {
  // A custom transformer list that cannot be used is named under its field and not saved.
  const invalid = transformerChoice(draft.transformer) === 'custom' && transformerProblem(draft.transformer) !== undefined;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="provider-form">
      {FIELDS.map(({ field, label, placeholder }) => (
        <label key={field} className="flex flex-col gap-1">
          <span className="font-medium">{label}</span>
          <Input
            type={field === 'api_key' ? 'password' : 'text'}
            autoComplete="off"
            value={draft[field]}
            placeholder={placeholder}
            onChange={(event) => onChange(field, event.target.value)}
          />
        </label>
      ))}
      <TransformerField value={draft.transformer} onChange={(value) => onChange('transformer', value)} />
      <label className="flex flex-col gap-1">
        <span className="font-medium">Models (one per line)</span>
        <Textarea value={draft.models} onChange={(event) => onChange('models', event.target.value)} />
      </label>
      <Button variant="primary" size="sm" className="self-start" disabled={invalid} onClick={onSave}>
        Save Provider
      </Button>
    </div>
  );
}
