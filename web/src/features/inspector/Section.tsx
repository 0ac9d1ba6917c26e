import { useState, type ReactNode } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui';

export interface SectionProps {
  title: string;
  /** Sections start collapsed (spec §2) unless told otherwise. */
  defaultOpen?: boolean;
  children: ReactNode;
}

/** One collapsible section of the inspector; its content mounts only while open. */
export function Section({ title, defaultOpen = false, children }: SectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible asChild open={open} onOpenChange={setOpen}>
      <section aria-label={title} className="min-w-0 rounded-lg border border-neutral-200 dark:border-neutral-800">
        <CollapsibleTrigger asChild>
          <button type="button" className="flex w-full items-center justify-between px-3 py-2 text-left text-sm font-semibold hover:bg-neutral-100 dark:hover:bg-neutral-900">
            {title}
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        </CollapsibleTrigger>
        <CollapsibleContent className="border-t border-neutral-200 p-3 dark:border-neutral-800">{children}</CollapsibleContent>
      </section>
    </Collapsible>
  );
}
