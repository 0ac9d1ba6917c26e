/**
 * Start-up cost of the database damage check on a large cui.db.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/db-check.ts [sessions=100000]
 *   npx tsx --tsconfig tsconfig.server.json bench/db-check.ts --file <cui.db>
 *
 * The first form fills a temporary database with that many transcript-index rows (~600 bytes each); the second
 * reads an existing one (e.g. the 10,000-session index bench/launch.ts --sessions keeps under $TMPDIR). Times, 5
 * runs each, alternated: the check before listening (diagnoseDatabase: header, schema and every table but the large
 * rebuildable ones) and SQLite's whole-file quick_check, which runs after start-up in a worker thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { ms, stats } from './bench-stats';
import { openDatabase } from '../server/src/platform/db';
import { diagnoseDatabase } from '../server/src/platform/db-recovery';

function filledDatabase(sessions: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-db-'));
  const file = path.join(dir, 'cui.db');
  const db = openDatabase(file, pino({ level: 'silent' }));
  const insert = db.prepare(
    "INSERT INTO session_index (session_id, file_path, project_dir, summary, first_prompt, parse_state, created_at, updated_at, message_count) VALUES (?, ?, 'p', ?, ?, ?, ?, ?, 3)",
  );
  db.transaction(() => {
    for (let i = 0; i < sessions; i++) {
      const at = new Date(i * 1000).toISOString();
      insert.run(`session-${i}`, `/projects/p/${i}.jsonl`, 's'.repeat(200), 'p'.repeat(200), `{"n":${i}}`, at, at);
    }
  })();
  db.close();
  return file;
}

function wholeFileCheck(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('quick_check(1)', { simple: true }));
  } finally {
    db.close();
  }
}

const at = process.argv.indexOf('--file');
const given = at >= 0 ? process.argv[at + 1] : undefined;
const file = given ?? filledDatabase(Number(process.argv[2] ?? 100_000));
const before: number[] = [];
const whole: number[] = [];
for (let i = 0; i < 5; i++) {
  let started = performance.now();
  const problem = diagnoseDatabase(file);
  before.push(performance.now() - started);
  if (problem) throw new Error(problem);
  started = performance.now();
  const result = wholeFileCheck(file);
  whole.push(performance.now() - started);
  if (result !== 'ok') throw new Error(result);
}
const mb = (fs.statSync(file).size / 1e6).toFixed(1);
const line = (name: string, samples: number[]) => {
  const s = stats(samples);
  return `| ${name} | ${ms(s.median)} | ${ms(s.max)} |`;
};
process.stdout.write(
  `${file}: ${mb} MB; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n| check (n=5, alternated) | median | max |\n|---|---|---|\n` +
    `${line('before listening (diagnoseDatabase)', before)}\n${line('whole file quick_check (after start-up, worker)', whole)}\n`,
);
if (!given) fs.rmSync(path.dirname(file), { recursive: true, force: true });
