import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { readUserData, restoreUserData } from './user-data';

const logger = pino({ level: 'silent' });
const at = '2026-01-01T00:00:00.000Z';

describe('user data', () => {
  it('is every table but the rebuildable index, the live-run records and the migrations', () => {
    const db = openDatabase(':memory:', logger);
    db.prepare("INSERT INTO session_index (session_id, file_path, project_dir) VALUES ('s1', '/p/s1.jsonl', 'p')").run();
    db.prepare('INSERT INTO session_info (session_id, custom_name, created_at, updated_at) VALUES (?, ?, ?, ?)').run('s1', 'named', at, at);
    expect(Object.keys(readUserData(db)).sort()).toEqual(['branches', 'permission_decisions', 'push_subscriptions', 'routed_sessions', 'schedule_firings', 'schedule_settings', 'schedules', 'session_info', 'trusted_folders']);
    expect(readUserData(db).session_info).toMatchObject([{ session_id: 's1', custom_name: 'named' }]);
    db.close();
  });

  it('restores what fits today\'s schema, skipping rows that break a constraint and tables that no longer exist', () => {
    const db = openDatabase(':memory:', logger);
    const counts = restoreUserData(db, {
      session_info: [
        { session_id: 'good', custom_name: 'kept', pinned: 1, created_at: at, updated_at: at, column_from_the_future: 'x' },
        { session_id: 'garbage', custom_name: 'lost', created_at: null, updated_at: at },
      ],
      table_from_the_future: [{ a: 1 }],
    });
    expect(counts).toEqual({ restored: 1, skipped: 1 });
    expect(db.prepare('SELECT session_id, custom_name, pinned FROM session_info').all()).toEqual([{ session_id: 'good', custom_name: 'kept', pinned: 1 }]);
    db.close();
  });
});
