import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchTranscripts, type TranscriptWatcher } from './transcript-watcher';

const logger = pino({ level: 'silent' });
const MIN = 100;
const MAX = 800;

describe('watchTranscripts: the safety-net sweep', () => {
  let root: string;
  let projectsDir: string;
  let watcher: TranscriptWatcher | undefined;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-watcher-'));
    projectsDir = path.join(root, 'projects');
    fs.mkdirSync(path.join(projectsDir, '-work-a'), { recursive: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  afterEach(() => {
    watcher?.close();
    watcher = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Starts a watcher whose sweeps answer `changed(n)` for the n-th sweep; returns the times (fake ms) of the sweeps. */
  function watch(changed: (n: number) => boolean): number[] {
    const at: number[] = [];
    const start = Date.now();
    watcher = watchTranscripts(
      { projectsDir, logger, debounceMs: 10, sweepIntervalMs: MIN, maxSweepIntervalMs: MAX },
      { onFiles: () => undefined, onSweep: () => { at.push(Date.now() - start); return Promise.resolve(changed(at.length)); } },
    );
    return at;
  }

  it('spaces out sweeps that find nothing, doubling the wait up to the maximum', async () => {
    const at = watch(() => false);
    await vi.advanceTimersByTimeAsync(3100);
    expect(at).toEqual([100, 300, 700, 1500, 2300, 3100]);
  });

  it('goes back to the shortest wait after a sweep that changed the index', async () => {
    const at = watch((n) => n === 4);
    await vi.advanceTimersByTimeAsync(2000);
    // 100, 300, 700, then the 4th (1500) changed something: the next comes 100 ms later and spaces out again.
    expect(at).toEqual([100, 300, 700, 1500, 1600, 1800]);
  });

  it('keeps sweeping at the shortest wait while a project directory cannot be watched', async () => {
    const watch0 = fs.watch.bind(fs);
    const unwatchable = path.join(projectsDir, '-work-a');
    vi.spyOn(fs, 'watch').mockImplementation(((dir: fs.PathLike, ...rest: unknown[]) => {
      if (dir === unwatchable) throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
      return (watch0 as (...args: unknown[]) => fs.FSWatcher)(dir, ...rest);
    }) as typeof fs.watch);
    const at = watch(() => false);
    await vi.advanceTimersByTimeAsync(500);
    expect(at).toEqual([100, 200, 300, 400, 500]);
    // Once it can be watched (retried before each sweep), quiet sweeps space out again.
    vi.mocked(fs.watch).mockRestore();
    await vi.advanceTimersByTimeAsync(1000);
    expect(at).toEqual([100, 200, 300, 400, 500, 600, 800, 1200]);
  });

  it('keeps sweeping at the shortest wait while the projects directory does not exist', async () => {
    fs.rmSync(projectsDir, { recursive: true });
    const at = watch(() => false);
    await vi.advanceTimersByTimeAsync(400);
    expect(at).toEqual([100, 200, 300, 400]);
  });

  it('stops sweeping when closed', async () => {
    const at = watch(() => false);
    await vi.advanceTimersByTimeAsync(100);
    watcher?.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(at).toEqual([100]);
  });
});
