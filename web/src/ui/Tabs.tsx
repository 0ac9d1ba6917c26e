import type { ComponentPropsWithRef } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Tabs family: `Tabs` (root: value/onValueChange), `TabsList`, `TabsTrigger`, `TabsContent`. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentPropsWithRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('flex items-center gap-1 border-b border-neutral-200 dark:border-neutral-800', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithRef<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm text-neutral-600 hover:text-neutral-900',
        'data-[state=active]:border-neutral-900 data-[state=active]:font-medium data-[state=active]:text-neutral-900',
        'dark:text-neutral-400 dark:hover:text-neutral-100 dark:data-[state=active]:border-neutral-100 dark:data-[state=active]:text-neutral-100',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-3 outline-none', className)} {...props} />;
}
