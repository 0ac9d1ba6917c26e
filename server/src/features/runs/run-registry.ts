import type { LiveRunInfo } from '../../context';
import { AppError } from '../../platform/app-error';
import type { Run } from './run';

/** How long a finished run's events stay replayable (late viewers, reconnects) before they are dropped. */
export const FINISHED_RUN_RETENTION_MS = 10 * 60 * 1000;
/** How many dropped streaming ids are remembered to answer 410 instead of 404. */
const DROPPED_IDS_KEPT = 1000;

/**
 * The runs of this server by streaming id: live ones, and finished ones whose events are kept for `retentionMs`
 * after their end; the ids of dropped ones are remembered (a bounded set) so they answer 410 rather than 404.
 */
export class RunRegistry {
  private readonly runs = new Map<string, Run>();
  private readonly dropTimers = new Map<string, NodeJS.Timeout>();
  private readonly dropped = new Set<string>();

  constructor(
    private readonly retentionMs: number,
    /** A run's events were dropped (its permissions are forgotten with them). */
    private readonly onDrop: (streamingId: string) => void,
  ) {}

  /** Keeps `run` from now on, and its events until `retentionMs` after its end. */
  add(run: Run): void {
    const { streamingId } = run.info;
    this.runs.set(streamingId, run);
    void run.ended.then(() => {
      const timer = setTimeout(() => this.drop(streamingId), this.retentionMs);
      timer.unref();
      this.dropTimers.set(streamingId, timer);
    });
  }

  /** Forgets a run (at once: a run whose start failed, or when its retention is over). */
  drop(streamingId: string): void {
    clearTimeout(this.dropTimers.get(streamingId));
    this.dropTimers.delete(streamingId);
    if (!this.runs.delete(streamingId)) return;
    this.onDrop(streamingId);
    this.dropped.add(streamingId);
    if (this.dropped.size > DROPPED_IDS_KEPT) this.dropped.delete(this.dropped.values().next().value as string);
  }

  live(): Run[] {
    return [...this.all()].filter((run) => run.isLive());
  }

  all(): IterableIterator<Run> {
    return this.runs.values();
  }

  /** The live run working on this session. */
  liveOfSession(sessionId: string): Run | undefined {
    return this.live().find((run) => run.info.sessionId === sessionId);
  }

  /** By streaming id, else the live run of that session, else its latest finished one. */
  lookup(id: string): Run | undefined {
    return this.runs.get(id) ?? this.liveOfSession(id) ?? [...this.all()].find((run) => run.info.sessionId === id);
  }

  /** As `lookup`, or `run.finished` (dropped) / `run.not_found`. */
  require(id: string): Run {
    const run = this.lookup(id);
    if (!run) throw new AppError(this.dropped.has(id) ? 'run.finished' : 'run.not_found', `No running conversation with id ${id}`);
    return run;
  }

  find(streamingId: string): Run | undefined {
    return this.runs.get(streamingId);
  }

  wasDropped(streamingId: string): boolean {
    return this.dropped.has(streamingId);
  }

  list(): LiveRunInfo[] {
    return this.live().map((run) => ({ ...run.info }));
  }

  /** Stops every run and waits for them; the retention timers are cleared. */
  async close(): Promise<void> {
    await Promise.all([...this.all()].map((run) => run.stop()));
    for (const timer of this.dropTimers.values()) clearTimeout(timer);
    this.dropTimers.clear();
  }
}
