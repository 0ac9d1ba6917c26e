import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db';
import { migrations } from './index';

const silent = pino({ level: 'silent' });
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 18: the search index holds words', () => {
  it('replaces the trigram index with a word index and an empty word list, keeps the saved text and the session index, and starts the catch-up over', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-m018-'));
    dirs.push(dir);
    const file = path.join(dir, 'cui.db');
    const before = openDatabase(file, silent, migrations.filter((m) => m.version < 18));
    before.prepare("INSERT INTO session_index (session_id, file_path, project_dir) VALUES ('s1', '/p/s1.jsonl', '/p')").run();
    before.prepare("INSERT INTO session_info (session_id, custom_name, created_at, updated_at) VALUES ('s1', 'kept name', '2026-01-01', '2026-01-01')").run();
    before.prepare("INSERT INTO session_text (session_id, uuid, role, body) VALUES ('s1', 'u1', 'user', 'kept message text')").run();
    before.exec("INSERT INTO session_text_fts (rowid, body) SELECT id, body FROM session_text; UPDATE search_state SET indexed_through = (SELECT MAX(id) FROM session_text)");
    before.close();

    const db = openDatabase(file, silent);
    try {
      expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'session_text_fts'").pluck().get()).toMatch(/unicode61 remove_diacritics 2', detail=none/);
      expect(db.prepare('SELECT body FROM session_text').pluck().all()).toEqual(['kept message text']);
      expect(db.prepare('SELECT COUNT(*) FROM session_index').pluck().get()).toBe(1);
      expect(db.prepare('SELECT indexed_through FROM search_state').pluck().get()).toBe(0);
      expect(db.prepare('SELECT COUNT(*) FROM search_terms').pluck().get()).toBe(0);
      expect(db.prepare("SELECT custom_name FROM session_info WHERE session_id = 's1'").pluck().get()).toBe('kept name');
      const setting = db.prepare<[string], number>('SELECT v FROM session_text_fts_config WHERE k = ?').pluck();
      expect([setting.get('usermerge'), setting.get('crisismerge'), setting.get('automerge')]).toEqual([16, 64, 0]);
      // Words, not trigrams; and the delete trigger is back: a row indexed and then deleted leaves the index consistent.
      db.exec("INSERT INTO session_text_fts (rowid, body) SELECT id, body FROM session_text; UPDATE search_state SET indexed_through = (SELECT MAX(id) FROM session_text)");
      expect(db.prepare(`SELECT COUNT(*) FROM session_text_fts WHERE session_text_fts MATCH '"message"'`).pluck().get()).toBe(1);
      expect(db.prepare(`SELECT COUNT(*) FROM session_text_fts WHERE session_text_fts MATCH '"mes"'`).pluck().get()).toBe(0);
      db.prepare("DELETE FROM session_text WHERE session_id = 's1'").run();
      expect(db.prepare(`SELECT COUNT(*) FROM session_text_fts WHERE session_text_fts MATCH '"message"'`).pluck().get()).toBe(0);
      expect(() => db.prepare("INSERT INTO session_text_fts (session_text_fts) VALUES ('integrity-check')").run()).not.toThrow();
    } finally {
      db.close();
    }
  });
});
