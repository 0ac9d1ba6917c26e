import { useId } from 'react';
import { Input, Textarea } from '@/ui';
import { FIELD_CLASSES } from '@/ui/field-classes';
import type { FormField } from './schema-form';

export interface FieldInputProps {
  field: FormField;
  value: string;
  onChange: (value: string) => void;
  /** Long text: a textarea with a character count. */
  long?: boolean;
}

/** One generated field: a picker with a 'Default' (unset) choice, a JSON textarea, a long-text textarea with its count, or a text/number box. */
export function FieldInput({ field, value, onChange, long = false }: FieldInputProps) {
  const id = useId();
  const label = `${field.label}${field.required ? ' *' : ''}`;
  let control;
  if (field.options) {
    control = (
      <select id={id} className={`${FIELD_CLASSES} h-9`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Default</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (long) {
    control = <Textarea id={id} className="min-h-24 text-sm" value={value} onChange={(event) => onChange(event.target.value)} />;
  } else if (field.kind === 'json') {
    control = <Textarea id={id} className="font-mono text-xs" placeholder="JSON" value={value} onChange={(event) => onChange(event.target.value)} />;
  } else {
    control = <Input id={id} inputMode={field.kind === 'number' ? 'decimal' : undefined} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
        {label}
      </label>
      {control}
      {long && <span className="text-xs text-neutral-500 dark:text-neutral-400">{`${value.length} characters`}</span>}
    </div>
  );
}
