import type { ContextUsage, SessionUsage } from '@cui/contract';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/ui';
import { contextFigure, formatCost, formatTokens, totalTokens, usageFigure } from '@/lib/usage-format';

export interface UsageSummaryProps {
  usage: SessionUsage | undefined;
  /** The live run's context window fill, once one of its turns ended. */
  context: ContextUsage | null;
  /** Opens the context window's breakdown by category (the tools panel). */
  onBreakdown?: () => void;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-6">
      <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function costText(usage: SessionUsage): string {
  return usage.costUsd === undefined ? 'Not recorded' : formatCost(usage.costUsd, usage.costIsEstimate);
}

/** The conversation header's tokens-and-cost figure; a click opens the parts and the context window fill. */
export function UsageSummary({ usage, context, onBreakdown }: UsageSummaryProps) {
  // A session without any counted response (a run just starting, a transcript without usage) shows nothing yet.
  const shown = usage && (totalTokens(usage) > 0 || usage.costUsd !== undefined) ? usage : undefined;
  const figure = shown ? usageFigure(shown) : context ? `Context ${contextFigure(context)}` : null;
  if (figure === null) return null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button type="button" className="shrink-0 rounded px-1.5 py-0.5 text-xs text-neutral-500 tabular-nums hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800" aria-label={`Usage: ${figure}`}>
          {figure}
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label="Usage details" className="p-3">
        <dl className="flex min-w-56 flex-col gap-1">
          {shown && (
            <>
              <Row label="Input" value={formatTokens(shown.inputTokens)} />
              <Row label="Output" value={formatTokens(shown.outputTokens)} />
              <Row label="Cache write" value={formatTokens(shown.cacheCreationTokens)} />
              <Row label="Cache read" value={formatTokens(shown.cacheReadTokens)} />
              <Row label="Total" value={formatTokens(totalTokens(shown))} />
              <Row label="Cost" value={costText(shown)} />
            </>
          )}
          {context && <Row label="Context" value={contextFigure(context)} />}
        </dl>
        {onBreakdown && (
          <PopoverClose className="mt-2 text-xs text-blue-600 underline dark:text-blue-400" onClick={onBreakdown}>
            Context breakdown
          </PopoverClose>
        )}
        {shown?.costIsEstimate && <p className="mt-2 max-w-64 text-xs text-neutral-500">Estimate: routed to another provider, priced by Claude Code as the Claude model it asked for.</p>}
        {shown && shown.costUsd === undefined && <p className="mt-2 max-w-64 text-xs text-neutral-500">This session's Claude Code version did not record its cost.</p>}
      </PopoverContent>
    </Popover>
  );
}
