import { Check, ChevronDown, Cpu } from 'lucide-react';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';
import { MODEL_OPTIONS, modelLabel } from './models';
import { TOUCH_ROW } from './touch-size';

interface Props {
  value: string | undefined;
  onChange(model: string | undefined): void;
  disabled?: boolean;
}

/** Model choice: 'Default' omits the model from the request. */
export function ModelSelector({ value, onChange, disabled }: Props) {
  const label = modelLabel(value);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button size="sm" variant="ghost" aria-label={`Model: ${label}`} className={TOUCH_ROW}>
          <Cpu size={14} aria-hidden />
          <span>{label}</span>
          <ChevronDown size={12} aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {MODEL_OPTIONS.map((option) => (
          <DropdownMenuItem key={option.label} onSelect={() => onChange(option.id)}>
            <Check size={14} aria-hidden className={option.id === value ? '' : 'invisible'} />
            {option.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
