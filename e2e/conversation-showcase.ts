import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { E2eDirs } from './fixtures';
import { type SeedMessage, writeTranscript } from './support/transcripts';

/** A conversation with one of every panel (tool inputs in the CLI's shapes), for screenshots. */
export function showcaseMessages(cwd: string): SeedMessage[] {
  const file = (name: string) => path.join(cwd, name);
  const use = (id: string, name: string, input: Record<string, unknown>) => ({ type: 'tool_use', id, name, input });
  const result = (id: string, content: string, isError = false) => ({ role: 'user' as const, content: [{ type: 'tool_result', tool_use_id: id, content, ...(isError ? { is_error: true } : {}) }] });
  return [
    { role: 'user', content: 'Fix the greeting in hello.txt, tidy src/app.ts and tell me what else needs doing.' },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'The greeting has a typo; app.ts uses var. Read both first.' }, { type: 'text', text: "I'll start by reading the files." }, use('t_read', 'Read', { file_path: file('hello.txt') })] },
    result('t_read', '     1→helo wrld\n     2→'),
    { role: 'assistant', content: [use('t_edit', 'Edit', { file_path: file('hello.txt'), old_string: 'helo wrld', new_string: 'hello world' })] },
    result('t_edit', `The file ${file('hello.txt')} has been updated successfully.`),
    {
      role: 'assistant',
      content: [use('t_multi', 'MultiEdit', {
        file_path: file('src/app.ts'),
        edits: [
          { old_string: 'var count = 0;\nfunction inc() {\n  count = count + 1;\n}', new_string: 'let count = 0;\nexport function inc(): number {\n  count += 1;\n  return count;\n}' },
          { old_string: "console.log('ready')", new_string: "logger.info('ready')" },
        ],
      })],
    },
    result('t_multi', `Applied 2 edits to ${file('src/app.ts')}`),
    { role: 'assistant', content: [use('t_write', 'Write', { file_path: file('src/logger.ts'), content: "export const logger = {\n  info: (message: string) => console.info(`[app] ${message}`),\n};\n" })] },
    result('t_write', `File created successfully at: ${file('src/logger.ts')}`),
    { role: 'assistant', content: [use('t_grep', 'Grep', { pattern: 'TODO', path: file('src') })] },
    result('t_grep', 'src/app.ts:12: // TODO handle errors\nsrc/routes.ts:4: // TODO auth\nsrc/routes.ts:30: // TODO paging'),
    { role: 'assistant', content: [use('t_glob', 'Glob', { pattern: 'src/**/*.test.ts' })] },
    result('t_glob', `${file('src/app.test.ts')}\n${file('src/routes.test.ts')}`),
    { role: 'assistant', content: [use('t_ls', 'LS', { path: cwd })] },
    result('t_ls', `- ${cwd}/\n  - hello.txt\n  - package.json\n  - src/\n    - app.ts\n    - logger.ts`),
    { role: 'assistant', content: [use('t_bash', 'Bash', { command: 'npm test -- --run', description: 'Run the tests' })] },
    result('t_bash', ' ✓ src/app.test.ts (3 tests)\n ✓ src/routes.test.ts (5 tests)\n\n Test Files  2 passed (2)\n      Tests  8 passed (8)'),
    { role: 'assistant', content: [use('t_bash2', 'Bash', { command: 'git push origin main' })] },
    result('t_bash2', 'fatal: could not read Username for https://github.com: terminal prompts disabled\nhint: configure a credential helper', true),
    {
      role: 'assistant',
      content: [use('t_todo', 'TodoWrite', {
        todos: [
          { content: 'Fix the greeting typo', status: 'completed', activeForm: 'Fixing the greeting typo' },
          { content: 'Modernise src/app.ts', status: 'completed', activeForm: 'Modernising src/app.ts' },
          { content: 'Handle errors in routes', status: 'in_progress', activeForm: 'Handling errors in routes' },
          { content: 'Add paging', status: 'pending', activeForm: 'Adding paging' },
        ],
      })],
    },
    result('t_todo', 'Todos have been modified successfully.'),
    { role: 'assistant', content: [use('t_search', 'WebSearch', { query: 'express error handling middleware best practice' })] },
    result('t_search', 'Web search results for query: "express error handling middleware best practice"\n1. Error handling — expressjs.com/en/guide/error-handling.html'),
    { role: 'assistant', content: [use('t_fetch', 'WebFetch', { url: 'https://expressjs.com/en/guide/error-handling.html', prompt: 'How should async errors be handled?' })] },
    result('t_fetch', 'Pass errors to `next(err)`; Express 5 forwards rejected promises automatically.'),
    { role: 'assistant', content: [use('t_task', 'Agent', { description: 'Review the routes', prompt: 'Look for missing auth checks', subagent_type: 'general-purpose' })] },
    result('t_task', 'Two routes lack auth checks: GET /admin and DELETE /users/:id.'),
    { role: 'assistant', content: [use('t_mcp', 'mcp__github__create_issue', { repo: 'acme/app', title: 'Add auth to admin routes', labels: ['security'] })] },
    result('t_mcp', 'Created issue #42'),
    { role: 'assistant', content: [use('t_plan', 'ExitPlanMode', { plan: '## Next steps\n\n1. Add `requireAuth` to **GET /admin** and **DELETE /users/:id**\n2. Wrap async handlers so errors reach `next(err)`\n3. Add paging to `GET /users`' })] },
    result('t_plan', 'User has approved your plan. You can now start coding.'),
    {
      role: 'assistant',
      content: "Done. Summary:\n\n| File | Change |\n|---|---|\n| `hello.txt` | typo fixed |\n| `src/app.ts` | `let`, typed `inc()` |\n| `src/logger.ts` | new |\n\n```ts\nexport function inc(): number {\n  count += 1;\n  return count;\n}\n```\n\nThe push failed: configure git credentials, then run `git push` again.",
    },
  ];
}

/** Seeds the showcase session (in `<work>/shop`) and returns its id. */
export function seedShowcase(dirs: E2eDirs): string {
  const sessionId = randomUUID();
  writeTranscript(dirs, { sessionId, cwd: path.join(dirs.work, 'shop'), messages: showcaseMessages(path.join(dirs.work, 'shop')) });
  return sessionId;
}
