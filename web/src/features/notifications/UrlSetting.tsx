import { useId, useState } from 'react';
import { Input } from '@/ui';

export interface UrlSettingProps {
  label: string;
  /** The stored value; undefined when unset. */
  value: string | undefined;
  placeholder: string;
  hint?: string;
  /** Called with the trimmed text when it differs from the stored value ('' asks to unset it); resolves whether it was stored. */
  onSave(value: string): Promise<boolean>;
}

/**
 * An optional URL field of type url (spec §5): saved when it loses focus or on Enter, and only if changed. An empty
 * value is sent as '' so the config removes the field (it becomes undefined).
 */
export function UrlSetting({ label, value, placeholder, hint, onSave }: UrlSettingProps) {
  const id = useId();
  // The draft follows the stored value until the user types; a saved change comes back as the new stored value.
  const [draft, setDraft] = useState<{ base: string | undefined; text: string }>({ base: value, text: value ?? '' });
  // 'Saved' once the last change was stored, until the user types again.
  const [saved, setSaved] = useState(false);
  const text = draft.base === value ? draft.text : (value ?? '');
  const save = (): void => {
    const next = text.trim();
    if (next === (value ?? '')) return;
    void onSave(next).then(setSaved);
  };
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        aria-describedby={saved ? `${id}-saved` : undefined}
        onChange={(event) => {
          setSaved(false);
          setDraft({ base: value, text: event.target.value });
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
      {saved && (
        <p id={`${id}-saved`} role="status" className="text-xs text-green-700 dark:text-green-400">
          Saved
        </p>
      )}
      {hint && <p className="text-xs text-neutral-500 dark:text-neutral-400">{hint}</p>}
    </div>
  );
}
