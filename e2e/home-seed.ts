import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { E2eDirs } from './support/dirs';
import { writeTranscript } from './support/transcripts';

/** Project directories of the seeded history (created under the test's work directory). */
export const PROJECTS = ['web-shop', 'billing-api', 'infra-tools'];

export interface SeededSession {
  sessionId: string;
  prompt: string;
  cwd: string;
}

/**
 * Writes `count` finished sessions into CLAUDE_CONFIG_DIR, newest first: session i was last updated
 * i × 37 minutes ago, so ages span 'Just now'/'Nm ago' to several days. Session 0 made one Edit
 * (+2 −1 lines). Prompts avoid the fake model's scenario keywords.
 */
export function seedHistory(dirs: E2eDirs, count: number): SeededSession[] {
  const now = Date.now();
  const sessions: SeededSession[] = [];
  for (let i = 0; i < count; i += 1) {
    const cwd = path.join(dirs.work, PROJECTS[i % PROJECTS.length] as string);
    fs.mkdirSync(cwd, { recursive: true });
    const sessionId = randomUUID();
    const prompt = `Seeded request number ${String(i).padStart(3, '0')}`;
    const end = now - i * 37 * 60_000 - 5_000;
    const edit = i === 0;
    const messages = edit
      ? [
          { role: 'user' as const, content: prompt },
          { role: 'assistant' as const, content: [{ type: 'tool_use', id: 'toolu_seed_edit', name: 'Edit', input: { file_path: path.join(cwd, 'a.txt'), old_string: 'one', new_string: 'two\nthree' } }] },
          { role: 'user' as const, content: [{ type: 'tool_result', tool_use_id: 'toolu_seed_edit', content: 'The file has been updated.' }] },
          { role: 'assistant' as const, content: 'Done editing.' },
        ]
      : [
          { role: 'user' as const, content: prompt },
          { role: 'assistant' as const, content: `Answer to request ${i}.` },
        ];
    writeTranscript(dirs, { sessionId, cwd, messages, startTime: new Date(end - messages.length * 1000) });
    sessions.push({ sessionId, prompt, cwd });
  }
  return sessions;
}
