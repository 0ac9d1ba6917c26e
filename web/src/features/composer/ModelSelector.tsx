import { Check, ChevronDown, Cpu } from 'lucide-react';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';
import { modelLabel, modelOptions } from './models';
import { TOUCH_ROW } from './touch-size';

interface Props {
  value: string | undefined;
  onChange(model: string | undefined): void;
  disabled?: boolean;
}

/** Model choice from the CLI's own list (GET /api/system/models); 'Default' omits the model from the request. */
export function ModelSelector({ value, onChange, disabled }: Props) {
  const { data } = useApiQuery(routes.system.models);
  const options = modelOptions(data);
  const label = modelLabel(value, options);
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
        {options.map((option) => (
          <DropdownMenuItem key={option.id ?? ''} title={option.description} onSelect={() => onChange(option.id)}>
            <Check size={14} aria-hidden className={option.id === value ? '' : 'invisible'} />
            {option.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
