import type { ComponentPropsWithRef } from 'react';
import { Collapsible as RadixCollapsible } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Collapsible family: `Collapsible` (root: open/onOpenChange), `CollapsibleTrigger` (use asChild), `CollapsibleContent`. */
export const Collapsible = RadixCollapsible.Root;
export const CollapsibleTrigger = RadixCollapsible.Trigger;

export function CollapsibleContent({ className, ...props }: ComponentPropsWithRef<typeof RadixCollapsible.Content>) {
  return <RadixCollapsible.Content className={cn('overflow-hidden', className)} {...props} />;
}
