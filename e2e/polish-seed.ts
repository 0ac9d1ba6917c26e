import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { E2eDirs } from './support/dirs';
import { type SeedMessage, transcriptLines, transcriptPath } from './support/transcripts';

/** What the issue-16 conversation holds, for the specs to find it. */
export interface PolishSeed {
  sessionId: string;
  /** A file in the user's home, outside the working directory (shown as '~/notes/todo.md'). */
  homeFile: string;
}

const NOTIFICATION = [
  '<task-notification>',
  '<task-id>af6e304f035a9949e</task-id>',
  '<output-file>/tmp/claude-0/-tmp-repo/tasks/af6e304f035a9949e.output</output-file>',
  '<status>completed</status>',
  '<summary>Agent "Review the routes" completed</summary>',
  'Note for the model: read the output file before you answer.',
  '</task-notification>',
].join('\n');

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} line ${i + 1}`);
const PROSE =
  'The configuration loader now reads every environment variable once at start-up, validates the whole set against the schema and reports each missing or malformed value by name';

function messages(cwd: string, homeFile: string): SeedMessage[] {
  const file = (name: string) => path.join(cwd, name);
  const use = (id: string, name: string, input: Record<string, unknown>) => ({ type: 'tool_use', id, name, input });
  const result = (id: string, content: string) => ({ role: 'user' as const, content: [{ type: 'tool_result', tool_use_id: id, content }] });
  const before = numbered('config', 5);
  const after = numbered('tail', 5);
  return [
    { role: 'user', content: 'Review the routes with a subagent, then tidy the config.' },
    { role: 'assistant', content: [use('t_task', 'Agent', { description: 'Review the routes', prompt: 'Look for missing auth checks', subagent_type: 'general-purpose' })] },
    result('t_task', 'Two routes lack auth checks.'),
    { role: 'user', content: NOTIFICATION },
    { role: 'assistant', content: [use('t_notes', 'Read', { file_path: homeFile })] },
    result('t_notes', '     1→- check the routes'),
    { role: 'assistant', content: [use('t_one', 'Edit', { file_path: file('config.txt'), old_string: [...before, 'timeout = 10', ...after].join('\n'), new_string: [...before, 'timeout = 30', ...after].join('\n') })] },
    result('t_one', `The file ${file('config.txt')} has been updated successfully.`),
    { role: 'assistant', content: [use('t_prose', 'Edit', { file_path: file('NOTES.md'), old_string: PROSE.replace('every', 'each'), new_string: PROSE })] },
    result('t_prose', `The file ${file('NOTES.md')} has been updated successfully.`),
    {
      role: 'assistant',
      content: [use('t_code', 'Edit', {
        file_path: file('src/app.ts'),
        old_string: "// load the settings\nconst retries = 3;\nfunction load(name: string) {\n  return read(name, 'utf8');\n}",
        new_string: "// load the settings once\nexport const retries = 5;\nexport async function load(name: string): Promise<string> {\n  return await read(name, 'utf8');\n}",
      })],
    },
    result('t_code', `The file ${file('src/app.ts')} has been updated successfully.`),
    { role: 'assistant', content: [use('t_write', 'Write', { file_path: file('CHANGES.md'), content: `${numbered('change', 12).join('\n')}\n` })] },
    result('t_write', `File created successfully at: ${file('CHANGES.md')}`),
    { role: 'assistant', content: [{ type: 'text', text: 'Running the checks now.' }, use('t_bash', 'Bash', { command: 'npm run check' })] },
  ];
}

/** Writes the conversation of issue 16's screens: a task notification, home paths, diffs, a tool use left without result. */
export function seedPolish(dirs: E2eDirs): PolishSeed {
  const cwd = path.join(dirs.work, 'repo');
  fs.mkdirSync(cwd, { recursive: true });
  const homeFile = path.join(dirs.home, 'notes', 'todo.md');
  const sessionId = randomUUID();
  const lines = transcriptLines({ sessionId, cwd, messages: messages(cwd, homeFile) });
  // The CLI marks the turns it injects itself; the seed helper writes plain user lines.
  for (const line of lines) {
    const content = (line.message as { content?: unknown } | undefined)?.content;
    if (typeof content === 'string' && content.startsWith('<task-notification>')) line.origin = { kind: 'task-notification' };
  }
  const file = transcriptPath(dirs, { sessionId, cwd });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return { sessionId, homeFile };
}
