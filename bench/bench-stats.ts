/** Small helpers of the benchmarks: timing, percentiles, formatting. */

export interface Stats {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function row(name: string, s: Stats, target: string): string {
  return `| ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${s.n} | ${target} |`;
}

/** Runs `fn` `n` times sequentially and returns each duration in ms. */
export async function timeEach(n: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    out.push(performance.now() - started);
  }
  return out;
}
