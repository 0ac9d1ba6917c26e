import type { ContextUsage, SessionUsage } from '@cui/contract';

/** Every token the session's API responses counted: fresh input, output, cache writes and cache reads. */
export function totalTokens(usage: SessionUsage): number {
  return usage.inputTokens + usage.outputTokens + usage.cacheCreationTokens + usage.cacheReadTokens;
}

/** 950, 12.3k, 1.2M. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 999_950) return `${trim((n / 1000).toFixed(1))}k`;
  return `${trim((n / 1_000_000).toFixed(1))}M`;
}

function trim(fixed: string): string {
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** $0.04, $12.30, <$0.01; an estimate (a routed run) reads ~$0.04. */
export function formatCost(usd: number, estimate = false): string {
  const text = usd > 0 && usd < 0.01 ? '<$0.01' : `$${usd.toFixed(2)}`;
  return estimate ? `~${text}` : text;
}

/** The header's compact figure: '12.3k tokens · $0.04' (no cost part when the transcript recorded none). */
export function usageFigure(usage: SessionUsage): string {
  const tokens = `${formatTokens(totalTokens(usage))} tokens`;
  return usage.costUsd === undefined ? tokens : `${tokens} · ${formatCost(usage.costUsd, usage.costIsEstimate)}`;
}

/** '32k / 1M (3%)'. */
export function contextFigure(context: ContextUsage): string {
  const percent = Math.round((context.usedTokens / context.windowTokens) * 100);
  return `${formatTokens(context.usedTokens)} / ${formatTokens(context.windowTokens)} (${percent}%)`;
}

/** A list row's short figure (the cost, else the tokens) and its title; undefined while nothing was counted. */
export function rowUsage(usage: SessionUsage | undefined): { text: string; title: string } | undefined {
  if (!usage || (totalTokens(usage) === 0 && usage.costUsd === undefined)) return undefined;
  const figure = usageFigure(usage);
  if (usage.costUsd === undefined) return { text: figure, title: figure };
  return { text: formatCost(usage.costUsd, usage.costIsEstimate), title: usage.costIsEstimate ? `${figure} (estimate)` : figure };
}
