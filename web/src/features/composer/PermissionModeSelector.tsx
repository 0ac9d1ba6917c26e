import { Check, ChevronDown, ShieldCheck } from 'lucide-react';
import type { PermissionMode } from '@cui/contract';
import { PERMISSION_MODE_LABELS, PERMISSION_MODES } from '@cui/contract/constants';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';
import { TOUCH_ROW } from './touch-size';

interface Props {
  value: PermissionMode;
  onChange(mode: PermissionMode): void;
  disabled?: boolean;
}

/** Permission mode with the spec's labels: Ask, Auto, Yolo, Plan. */
export function PermissionModeSelector({ value, onChange, disabled }: Props) {
  const label = PERMISSION_MODE_LABELS[value];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button size="sm" variant="ghost" aria-label={`Permission mode: ${label}`} className={TOUCH_ROW}>
          <ShieldCheck size={14} aria-hidden />
          <span>{label}</span>
          <ChevronDown size={12} aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {PERMISSION_MODES.map((mode) => (
          <DropdownMenuItem key={mode} onSelect={() => onChange(mode)}>
            <Check size={14} aria-hidden className={mode === value ? '' : 'invisible'} />
            {PERMISSION_MODE_LABELS[mode]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
