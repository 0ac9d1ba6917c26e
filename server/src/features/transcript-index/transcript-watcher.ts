import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Notices transcript changes: one fs.watch per project directory (inotify/FSEvents on the directory reports
 * writes to the files in it, so 10,000 transcripts cost a few hundred watchers, not 10,000), one on the
 * projects directory for new project directories, and a periodic stat sweep as a safety net for missed
 * events and for a projects directory that does not exist yet.
 *
 * The sweep runs every `sweepIntervalMs` while it finds changes no watcher reported, or while a directory cannot be
 * watched; each sweep that finds nothing doubles the wait, up to `maxSweepIntervalMs`. At 10,000 transcripts a sweep
 * makes ~10 MB of garbage: every 5 s, an idle server never looked idle to V8's memory reducer, which then never gave
 * back the heap pages freed after a busy spell (issue 28 point 5).
 */
export interface TranscriptWatcher {
  close(): void;
}

export interface WatcherCallbacks {
  /** Files that changed (debounced). */
  onFiles(filePaths: string[]): void;
  /** Something may have changed anywhere (new project dir, sweep timer); resolves with whether the sweep changed the index. */
  onSweep(): Promise<boolean>;
}

export interface WatcherOptions {
  projectsDir: string;
  logger: Logger;
  debounceMs: number;
  sweepIntervalMs: number;
  maxSweepIntervalMs: number;
}

export function watchTranscripts(options: WatcherOptions, callbacks: WatcherCallbacks): TranscriptWatcher {
  const { projectsDir, logger } = options;
  const watchers = new Map<string, fs.FSWatcher>();
  /** Project directories that exist but could not be watched (e.g. the inotify watch limit): only sweeps see them. */
  const unwatched = new Set<string>();
  const dirty = new Set<string>();
  let flushTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = (file: string): void => {
    dirty.add(file);
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      const files = [...dirty];
      dirty.clear();
      callbacks.onFiles(files);
    }, options.debounceMs);
  };

  const watchDir = (dir: string, listener: (event: string, name: string | null) => void): void => {
    if (closed || watchers.has(dir)) return;
    try {
      const watcher = fs.watch(dir, { persistent: false }, (event, name) => listener(event, name === null ? null : String(name)));
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(dir);
        if (fs.existsSync(dir)) unwatched.add(dir);
      });
      watchers.set(dir, watcher);
      unwatched.delete(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') unwatched.delete(dir);
      else unwatched.add(dir);
      logger.debug({ component: 'sessions', dir, err: error }, 'cannot watch directory');
    }
  };

  const watchProject = (dir: string): void =>
    watchDir(dir, (_event, name) => {
      if (name?.endsWith('.jsonl')) schedule(path.join(dir, name));
    });

  const watchRoot = (): void => {
    if (!fs.existsSync(projectsDir)) {
      // Before the CLI's first run there is no projects directory: wait for it in its parent.
      watchDir(path.dirname(projectsDir), (_event, name) => {
        if (name !== path.basename(projectsDir) || watchers.has(projectsDir)) return;
        watchRoot();
        void callbacks.onSweep();
      });
      return;
    }
    watchDir(projectsDir, (_event, name) => {
      if (!name) return callbacks.onSweep();
      const dir = path.join(projectsDir, name);
      if (fs.existsSync(dir)) watchProject(dir);
      else {
        watchers.get(dir)?.close();
        watchers.delete(dir);
        unwatched.delete(dir);
      }
      void callbacks.onSweep();
    });
    for (const entry of fs.readdirSync(projectsDir, { withFileTypes: true })) {
      if (entry.isDirectory()) watchProject(path.join(projectsDir, entry.name));
    }
  };

  watchRoot();
  const sweeps = scheduleSweeps(options, {
    beforeSweep: () => {
      if (!watchers.has(projectsDir)) watchRoot();
      for (const dir of unwatched) watchProject(dir);
    },
    covered: () => watchers.has(projectsDir) && unwatched.size === 0,
    sweep: () => callbacks.onSweep(),
  });

  return {
    close() {
      closed = true;
      sweeps.stop();
      if (flushTimer) clearTimeout(flushTimer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * The safety-net sweeps: after each, the next comes `sweepIntervalMs` later when it changed the index or the watchers
 * do not cover every directory, else twice the last wait, at most `maxSweepIntervalMs`.
 */
function scheduleSweeps(
  options: Pick<WatcherOptions, 'sweepIntervalMs' | 'maxSweepIntervalMs'>,
  hooks: { beforeSweep(): void; covered(): boolean; sweep(): Promise<boolean> },
): { stop(): void } {
  let wait = options.sweepIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = (changed: boolean): void => {
    wait = changed || !hooks.covered() ? options.sweepIntervalMs : Math.min(wait * 2, options.maxSweepIntervalMs);
    schedule();
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      hooks.beforeSweep();
      hooks.sweep().then(next, () => next(true));
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
