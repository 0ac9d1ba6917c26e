/**
 * Preloaded into a benchmarked server (NODE_OPTIONS=--import, so it measures any checkout, a baseline's included):
 * the main thread's event-loop delay (perf_hooks.monitorEventLoopDelay), which the machine's load inflates far less
 * than a request's latency does. SIGUSR2 starts a measurement; a second SIGUSR2 prints `LOOP_DELAY <json>` (ms) on
 * stdout. Worker threads are not measured.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      return;
    }
    histogram.disable();
    measuring = false;
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const report = { p50: ms(histogram.percentile(50)), p95: ms(histogram.percentile(95)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), n: histogram.count };
    process.stdout.write(`LOOP_DELAY ${JSON.stringify(report)}\n`);
  });
}
