import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { Tooltip } from './Tooltip';

export type IconButtonProps = Omit<ButtonProps, 'children' | 'asChild'> & {
  /** Accessible name and tooltip text (e.g. 'Settings'). */
  label: string;
  icon: ReactNode;
};

/** A square icon-only button whose label is both its aria-label and its tooltip. */
export function IconButton({ label, icon, variant = 'ghost', size = 'icon', ...props }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <Button aria-label={label} variant={variant} size={size} {...props}>
        {icon}
      </Button>
    </Tooltip>
  );
}
