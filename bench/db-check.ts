/**
 * Start-up cost of the database damage check (quick_check) on a large cui.db.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/db-check.ts [sessions=100000]
 *
 * Fills a temporary database with that many transcript-index rows (~600 bytes each) and times diagnoseDatabase().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../server/src/platform/db';
import { diagnoseDatabase } from '../server/src/platform/db-recovery';

const sessions = Number(process.argv[2] ?? 100_000);
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
const runs: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const problem = diagnoseDatabase(file);
  runs.push(performance.now() - started);
  if (problem) throw new Error(problem);
}
runs.sort((a, b) => a - b);
const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
process.stdout.write(`db check: ${sessions} sessions, ${mb} MB: median ${runs[2]?.toFixed(0)} ms, max ${runs[4]?.toFixed(0)} ms\n`);
fs.rmSync(dir, { recursive: true, force: true });
