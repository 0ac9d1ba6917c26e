import { type ComponentPropsWithRef, createContext, type KeyboardEvent, useContext, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';

/*
 * Tabs family: `Tabs` (root: value/defaultValue/onValueChange), `TabsList`, `TabsTrigger`, `TabsContent`: the WAI-ARIA
 * tabs pattern, automatic activation, as Radix's Tabs does it (roles, ids, aria-selected/-controls/-labelledby, roving
 * tabindex, arrow keys looping, Home/End, data-state, inactive panels kept but hidden and emptied). Written here rather
 * than taken from Radix: home's Tasks / History / Archive tabs are on its first load, and Radix's Tabs brought its
 * collection, roving-focus and presence modules with it, about 6 KB of the home page's 150 KB gzipped budget.
 */

interface TabsState {
  value: string | undefined;
  select(value: string): void;
  idOf(part: 'trigger' | 'content', value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

export interface TabsProps extends Omit<ComponentPropsWithRef<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}

export function Tabs({ value, defaultValue, onValueChange, children, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const current = value ?? own;
  const state = useMemo<TabsState>(
    () => ({
      value: current,
      select: (next) => {
        if (next === current) return;
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      },
      idOf: (part, tab) => `${base}-${part}-${tab}`,
    }),
    [current, value, onValueChange, base],
  );
  return (
    <TabsContext value={state}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

/** The tab the key moves to among the list's enabled tabs (looping), or undefined for any other key. */
function nextTab(tabs: HTMLButtonElement[], from: number, key: string): HTMLButtonElement | undefined {
  const last = tabs.length - 1;
  const index = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last }[key];
  if (index === undefined) return undefined;
  return tabs[(index + tabs.length) % tabs.length];
}

export function TabsList({ className, onKeyDown, ...props }: ComponentPropsWithRef<'div'>) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const target = nextTab(tabs, tabs.indexOf(event.target as HTMLButtonElement), event.key);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('flex items-center gap-1 border-b border-neutral-200 dark:border-neutral-800', className)}
      onKeyDown={keyDown}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentPropsWithRef<'button'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, disabled, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('trigger', value)}
      aria-selected={active}
      aria-controls={tabs.idOf('content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
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

export interface TabsContentProps extends ComponentPropsWithRef<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('content', value)}
      aria-labelledby={tabs.idOf('trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!active}
      tabIndex={0}
      className={cn('pt-3 outline-none', className)}
      {...props}
    >
      {active && children}
    </div>
  );
}
