import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Notices transcript changes: one fs.watch per project directory (inotify/FSEvents on the directory reports
 * writes to the files in it, so 10,000 transcripts cost a few hundred watchers, not 10,000), one on the
 * projects directory for new project directories, and a periodic stat sweep as a safety net for missed
 * events and for a projects directory that does not exist yet.
 */
export interface TranscriptWatcher {
  close(): void;
}

export interface WatcherCallbacks {
  /** Files that changed (debounced). */
  onFiles(filePaths: string[]): void;
  /** Something may have changed anywhere (new project dir, sweep timer). */
  onSweep(): void;
}

export function watchTranscripts(options: { projectsDir: string; logger: Logger; debounceMs: number; sweepIntervalMs: number }, callbacks: WatcherCallbacks): TranscriptWatcher {
  const { projectsDir, logger } = options;
  const watchers = new Map<string, fs.FSWatcher>();
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
      });
      watchers.set(dir, watcher);
    } catch (error) {
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
        callbacks.onSweep();
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
      }
      callbacks.onSweep();
    });
    for (const entry of fs.readdirSync(projectsDir, { withFileTypes: true })) {
      if (entry.isDirectory()) watchProject(path.join(projectsDir, entry.name));
    }
  };

  watchRoot();
  const sweepTimer = setInterval(() => {
    if (!watchers.has(projectsDir)) watchRoot();
    callbacks.onSweep();
  }, options.sweepIntervalMs);
  sweepTimer.unref();

  return {
    close() {
      closed = true;
      clearInterval(sweepTimer);
      if (flushTimer) clearTimeout(flushTimer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
