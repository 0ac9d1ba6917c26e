import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Textarea } from '@/ui';
import { FIELD_CLASSES } from '@/ui/field-classes';
import { choiceText, ROUTER_TRANSFORMERS, TRANSFORMER_FORMAT, transformerChoice, transformerProblem, type TransformerChoice } from './transformers';

const SELECT = cn(FIELD_CLASSES, 'h-9 cursor-pointer px-2');

export interface TransformerFieldProps {
  /** The draft's transformer as JSON text. */
  value: string;
  onChange(value: string): void;
}

/**
 * The provider's transformer: a select of the router's transformers ('none' for a plain OpenAI-compatible endpoint),
 * or a custom JSON list (several, or with options) whose problem is named under it.
 */
export function TransformerField({ value, onChange }: TransformerFieldProps) {
  const id = useId();
  // Custom stays chosen while its text happens to read as one known name or none.
  const [custom, setCustom] = useState(() => transformerChoice(value) === 'custom');
  const choice: TransformerChoice = custom ? 'custom' : transformerChoice(value);
  const problem = custom ? transformerProblem(value) : undefined;
  const choose = (next: TransformerChoice) => {
    setCustom(next === 'custom');
    onChange(choiceText(next, value));
  };
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Transformer</span>
        <select className={SELECT} value={choice} onChange={(event) => choose(event.target.value as TransformerChoice)}>
          <option value="none">none (plain OpenAI-compatible endpoint)</option>
          {ROUTER_TRANSFORMERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value="custom">Custom list (JSON)...</option>
        </select>
      </label>
      {custom && (
        <>
          <label htmlFor={id} className="sr-only">
            Transformer list (JSON)
          </label>
          <Textarea
            id={id}
            className="font-mono text-xs"
            spellCheck={false}
            value={value}
            aria-invalid={problem !== undefined}
            aria-describedby={`${id}-format`}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${id}-format`} className="text-xs text-neutral-500 dark:text-neutral-400">
            {TRANSFORMER_FORMAT}
          </p>
          {problem && (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}
