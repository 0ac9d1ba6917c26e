import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui';

export interface ToolSummaryProps {
  /** The trigger text ('Read 3 lines', 'Found 2 files', …). */
  label: ReactNode;
  children?: ReactNode;
  defaultOpen?: boolean;
  /** Extra content on the trigger row (e.g. a link chip). */
  aside?: ReactNode;
}

/** A collapsible one-line summary that reveals the tool's raw output (collapsed by default). */
export function ToolSummary({ label, children, defaultOpen = false, aside }: ToolSummaryProps) {
  return (
    <Collapsible defaultOpen={defaultOpen}>
      <div className="flex flex-wrap items-center gap-2">
        <CollapsibleTrigger className="group inline-flex cursor-pointer items-center gap-1 text-sm text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100">
          <ChevronRight size={14} aria-hidden className="transition-transform group-data-[state=open]:rotate-90" />
          {label}
        </CollapsibleTrigger>
        {aside}
      </div>
      {children !== undefined && <CollapsibleContent className="mt-2">{children}</CollapsibleContent>}
    </Collapsible>
  );
}
