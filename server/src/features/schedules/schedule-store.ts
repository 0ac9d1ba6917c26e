import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { MissedRunPolicy, PermissionMode, ScheduleWhen, type FiringOutcome, type FiringTrigger, type ScheduleFiring, type ScheduleInput, type ScheduleLink } from '@cui/contract';

/** A schedule as stored: the user's settings plus the server's bookkeeping (no computed times). */
export interface StoredSchedule extends ScheduleInput {
  id: string;
  paused: boolean;
  pausedReason?: string;
  consecutiveFailures: number;
  runCount: number;
  /** Every time due up to here has been handled (fired, skipped, or the schedule was paused then): missed-run checks start here. */
  caughtUpAt: string;
  createdAt: string;
  updatedAt: string;
}

/** A firing without what is known only from other features (its cost). */
export type StoredFiring = Omit<ScheduleFiring, 'costUsd'>;

export interface ScheduleStore {
  list(): StoredSchedule[];
  get(id: string): StoredSchedule | undefined;
  create(input: ScheduleInput): StoredSchedule;
  update(id: string, input: ScheduleInput): StoredSchedule | undefined;
  remove(id: string): boolean;
  /** Pauses (with the server's reason, or none when the user paused it) or resumes; resuming starts counting failures anew. */
  setPaused(id: string, paused: boolean, reason?: string): StoredSchedule | undefined;
  setCaughtUp(id: string, at: Date): void;
  /** After a firing that ran (0) or failed (+1); returns the new count. */
  countFailure(id: string, failed: boolean): number;
  /** After a firing that started a run; returns the new count. */
  countRun(id: string): number;
  addFiring(firing: Omit<StoredFiring, 'id'>): StoredFiring;
  /** Records the run a firing started. */
  setFiringRun(firingId: number, run: { sessionId: string; streamingId: string }): void;
  /** Ends a firing; without a reason it keeps the one it had (a missed time's note). */
  finishFiring(firingId: number, outcome: FiringOutcome, reason?: string): StoredFiring | undefined;
  firing(firingId: number): StoredFiring | undefined;
  /** Newest first. */
  history(scheduleId: string, limit: number): StoredFiring[];
  latestFiring(scheduleId: string): StoredFiring | undefined;
  /** Firings still `running` (a server that stopped mid-run left them so). */
  runningFirings(): StoredFiring[];
  /** The schedule whose firing started this session. */
  linkOf(sessionId: string): ScheduleLink | undefined;
  globalPaused(): boolean;
  setGlobalPaused(paused: boolean): void;
}

interface ScheduleRow {
  id: string;
  name: string;
  prompt: string;
  working_directory: string;
  permission_mode: string;
  model: string | null;
  worktree: number;
  when_json: string;
  timezone: string;
  missed_run_policy: string;
  max_runs: number | null;
  paused: number;
  paused_reason: string | null;
  consecutive_failures: number;
  run_count: number;
  last_fired_at: string | null;
  created_at: string;
  updated_at: string;
}

interface FiringRow {
  id: number;
  schedule_id: string;
  fired_at: string;
  trigger: string;
  outcome: string;
  reason: string | null;
  session_id: string | null;
  streaming_id: string | null;
  ended_at: string | null;
}

/** Rows are read back through the contract's schemas: a restored backup or a hand edit may hold anything. */
function toSchedule(row: ScheduleRow): StoredSchedule {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    workingDirectory: row.working_directory,
    permissionMode: PermissionMode.catch('default').parse(row.permission_mode),
    ...(row.model ? { model: row.model } : {}),
    worktree: row.worktree === 1,
    when: ScheduleWhen.parse(JSON.parse(row.when_json)),
    timezone: row.timezone,
    missedRunPolicy: MissedRunPolicy.catch('skip').parse(row.missed_run_policy),
    ...(row.max_runs === null ? {} : { maxRuns: row.max_runs }),
    paused: row.paused === 1,
    ...(row.paused_reason ? { pausedReason: row.paused_reason } : {}),
    consecutiveFailures: row.consecutive_failures,
    runCount: row.run_count,
    caughtUpAt: row.last_fired_at ?? row.created_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toFiring(row: FiringRow): StoredFiring {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    firedAt: row.fired_at,
    trigger: row.trigger as FiringTrigger,
    outcome: row.outcome as FiringOutcome,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.session_id ? { sessionId: row.session_id } : {}),
    ...(row.streaming_id ? { streamingId: row.streaming_id } : {}),
    ...(row.ended_at ? { endedAt: row.ended_at } : {}),
  };
}

function settingsColumns(input: ScheduleInput) {
  return {
    name: input.name,
    prompt: input.prompt,
    working_directory: input.workingDirectory,
    permission_mode: input.permissionMode,
    model: input.model ?? null,
    worktree: input.worktree ? 1 : 0,
    when_json: JSON.stringify(input.when),
    timezone: input.timezone,
    missed_run_policy: input.missedRunPolicy,
    max_runs: input.maxRuns ?? null,
  };
}

const SETTINGS = 'name = @name, prompt = @prompt, working_directory = @working_directory, permission_mode = @permission_mode, model = @model, worktree = @worktree, when_json = @when_json, timezone = @timezone, missed_run_policy = @missed_run_policy, max_runs = @max_runs';

/** Schedules, their firings and the global pause in cui.db (migration 011; user data). */
export function createScheduleStore(db: Database.Database): ScheduleStore {
  const selectOne = db.prepare<[string], ScheduleRow>('SELECT * FROM schedules WHERE id = ?');
  const get = (id: string): StoredSchedule | undefined => {
    const row = selectOne.get(id);
    return row ? toSchedule(row) : undefined;
  };
  const now = (): string => new Date().toISOString();
  const link = db.prepare<[string], ScheduleLink>('SELECT s.id AS id, s.name AS name FROM schedule_firings f JOIN schedules s ON s.id = f.schedule_id WHERE f.session_id = ? LIMIT 1');
  const removeAll = db.transaction((id: string): boolean => {
    db.prepare('DELETE FROM schedule_firings WHERE schedule_id = ?').run(id);
    return db.prepare('DELETE FROM schedules WHERE id = ?').run(id).changes > 0;
  });

  return {
    ...firingRows(db),
    list: () => db.prepare<[], ScheduleRow>('SELECT * FROM schedules ORDER BY created_at, id').all().map(toSchedule),
    get,
    create(input) {
      const id = randomUUID();
      const at = now();
      db.prepare(`INSERT INTO schedules (id, name, prompt, working_directory, permission_mode, model, worktree, when_json, timezone, missed_run_policy, max_runs, last_fired_at, created_at, updated_at)
        VALUES (@id, @name, @prompt, @working_directory, @permission_mode, @model, @worktree, @when_json, @timezone, @missed_run_policy, @max_runs, @at, @at, @at)`).run({ id, at, ...settingsColumns(input) });
      return get(id) as StoredSchedule;
    },
    update(id, input) {
      // New times count from now: an edit never makes an old time look missed.
      const at = now();
      const changed = db.prepare(`UPDATE schedules SET ${SETTINGS}, last_fired_at = @at, updated_at = @at WHERE id = @id`).run({ id, at, ...settingsColumns(input) }).changes;
      return changed ? get(id) : undefined;
    },
    remove: (id) => removeAll(id),
    setPaused(id, paused, reason) {
      const at = now();
      const sql = paused
        ? 'UPDATE schedules SET paused = 1, paused_reason = @reason, updated_at = @at WHERE id = @id'
        : 'UPDATE schedules SET paused = 0, paused_reason = NULL, consecutive_failures = 0, last_fired_at = @at, updated_at = @at WHERE id = @id';
      const changed = db.prepare(sql).run({ id, at, reason: reason ?? null }).changes;
      return changed ? get(id) : undefined;
    },
    setCaughtUp(id, at) {
      db.prepare('UPDATE schedules SET last_fired_at = ? WHERE id = ? AND (last_fired_at IS NULL OR last_fired_at < ?)').run(at.toISOString(), id, at.toISOString());
    },
    countFailure(id, failed) {
      const sql = failed ? 'UPDATE schedules SET consecutive_failures = consecutive_failures + 1 WHERE id = ?' : 'UPDATE schedules SET consecutive_failures = 0 WHERE id = ?';
      db.prepare(sql).run(id);
      return get(id)?.consecutiveFailures ?? 0;
    },
    countRun(id) {
      db.prepare('UPDATE schedules SET run_count = run_count + 1 WHERE id = ?').run(id);
      return get(id)?.runCount ?? 0;
    },
    linkOf(sessionId) {
      const row = link.get(sessionId);
      return row ? { id: row.id, name: row.name } : undefined;
    },
    globalPaused: () => db.prepare("SELECT value FROM schedule_settings WHERE key = 'paused'").pluck().get() === '1',
    setGlobalPaused(paused) {
      db.prepare("INSERT INTO schedule_settings (key, value) VALUES ('paused', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(paused ? '1' : '0');
    },
  };
}

type FiringRows = Pick<ScheduleStore, 'addFiring' | 'setFiringRun' | 'finishFiring' | 'firing' | 'history' | 'latestFiring' | 'runningFirings'>;

/** The history's rows (`schedule_firings`). */
function firingRows(db: Database.Database): FiringRows {
  const firingOne = db.prepare<[number], FiringRow>('SELECT * FROM schedule_firings WHERE id = ?');
  const now = (): string => new Date().toISOString();
  return {
    addFiring(firing) {
      const result = db
        .prepare(`INSERT INTO schedule_firings (schedule_id, fired_at, trigger, outcome, reason, session_id, streaming_id, ended_at)
          VALUES (@scheduleId, @firedAt, @trigger, @outcome, @reason, @sessionId, @streamingId, @endedAt)`)
        .run({ reason: null, sessionId: null, streamingId: null, endedAt: null, ...firing });
      return toFiring(firingOne.get(Number(result.lastInsertRowid)) as FiringRow);
    },
    setFiringRun(firingId, run) {
      db.prepare('UPDATE schedule_firings SET session_id = ?, streaming_id = ? WHERE id = ?').run(run.sessionId, run.streamingId, firingId);
    },
    finishFiring(firingId, outcome, reason) {
      db.prepare('UPDATE schedule_firings SET outcome = ?, reason = COALESCE(?, reason), ended_at = ? WHERE id = ?').run(outcome, reason ?? null, now(), firingId);
      const row = firingOne.get(firingId);
      return row ? toFiring(row) : undefined;
    },
    firing(firingId) {
      const row = firingOne.get(firingId);
      return row ? toFiring(row) : undefined;
    },
    history: (scheduleId, limit) =>
      db.prepare<[string, number], FiringRow>('SELECT * FROM schedule_firings WHERE schedule_id = ? ORDER BY id DESC LIMIT ?').all(scheduleId, limit).map(toFiring),
    latestFiring(scheduleId) {
      const row = db.prepare<[string], FiringRow>('SELECT * FROM schedule_firings WHERE schedule_id = ? ORDER BY id DESC LIMIT 1').get(scheduleId);
      return row ? toFiring(row) : undefined;
    },
    runningFirings: () => db.prepare<[], FiringRow>("SELECT * FROM schedule_firings WHERE outcome = 'running'").all().map(toFiring),
  };
}
