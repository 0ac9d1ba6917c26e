/**
 * Preloaded into a benchmarked server (NODE_OPTIONS=--import, so it measures any checkout, a baseline's included):
 * the main thread's event-loop delay (perf_hooks.monitorEventLoopDelay), which the machine's load inflates far less
 * than a request's latency does. SIGUSR2 starts a measurement; a second SIGUSR2 prints `LOOP_DELAY <json>` (ms) on
 * stdout. Worker threads are not measured.
 *
 * Both depend on the machine's load (a thread waiting for a core is late too), so it also records, between two ticks
 * of a 5 ms timer, how long the main thread was on a core (Linux's /proc/<pid>/task/<tid>/schedstat, in ns): a task
 * that holds the event loop shows there with its own CPU time whatever the load (`cpuBetweenTicks`).
 */
import { readFileSync } from 'node:fs';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let measuring = false;
  const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const onCpuNs = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]);
  const cpuBetweenTicks = createHistogram();
  let ticker;
  let last = 0;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      cpuBetweenTicks.reset();
      last = onCpuNs();
      ticker = setInterval(() => {
        const now = onCpuNs();
        cpuBetweenTicks.record(Math.max(1, now - last));
        last = now;
      }, 5);
      measuring = true;
      return;
    }
    histogram.disable();
    clearInterval(ticker);
    measuring = false;
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const percentiles = (h) => ({ p50: ms(h.percentile(50)), p95: ms(h.percentile(95)), p99: ms(h.percentile(99)), max: ms(h.max), n: h.count });
    const report = { ...percentiles(histogram), cpuBetweenTicks: percentiles(cpuBetweenTicks) };
    process.stdout.write(`LOOP_DELAY ${JSON.stringify(report)}\n`);
  });
}
