import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandsResponse } from '@cui/contract';
import { BUILTIN_COMMANDS, commandDescription } from '../src/features/files/index';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let project: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  server = await startTestServer();
  project = path.join(server.dirs.work, 'project');
  const user = path.join(server.dirs.claudeConfigDir, 'commands');
  write(path.join(user, 'standup.md'), '---\ndescription: "Write my standup"\nallowed-tools: Bash\n---\nSummarise yesterday.\n');
  write(path.join(user, 'deploy.md'), 'Deploy (user version)\n');
  write(path.join(user, 'git', 'pr.md'), '\n# Open a pull request\n\nBody\n');
  write(path.join(project, '.claude', 'commands', 'deploy.md'), '---\ndescription: Deploy this project\n---\n');
  write(path.join(project, '.claude', 'commands', 'db', 'migrate', 'up.md'), 'Run migrations\n');
  write(path.join(project, '.claude', 'commands', 'notes.txt'), 'not a command');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

describe('GET /api/system/commands', () => {
  it('lists the built-in commands and the user commands (with namespaces) without a working directory', async () => {
    const { commands } = CommandsResponse.parse(await (await server.api('/api/system/commands')).json());
    expect(commands.slice(0, BUILTIN_COMMANDS.length)).toEqual(BUILTIN_COMMANDS);
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['/compact', '/clear', '/init']));
    expect(commands.slice(BUILTIN_COMMANDS.length)).toEqual([
      { name: '/deploy', description: 'Deploy (user version)', type: 'custom' },
      { name: '/git:pr', description: 'Open a pull request', type: 'custom' },
      { name: '/standup', description: 'Write my standup', type: 'custom' },
    ]);
  });

  it('adds the project commands, which replace user commands of the same name', async () => {
    const response = await server.api(`/api/system/commands?workingDirectory=${encodeURIComponent(project)}`);
    const { commands } = CommandsResponse.parse(await response.json());
    const custom = commands.filter((c) => c.type === 'custom');
    expect(custom).toEqual([
      { name: '/deploy', description: 'Deploy this project', type: 'custom' },
      { name: '/git:pr', description: 'Open a pull request', type: 'custom' },
      { name: '/standup', description: 'Write my standup', type: 'custom' },
      { name: '/db:migrate:up', description: 'Run migrations', type: 'custom' },
    ]);
  });

  it('ignores a working directory without commands', async () => {
    const response = await server.api(`/api/system/commands?workingDirectory=${encodeURIComponent(path.join(project, 'nowhere'))}`);
    expect(response.status).toBe(200);
    expect(CommandsResponse.parse(await response.json()).commands.filter((c) => c.type === 'custom')).toHaveLength(3);
  });
});

describe('commandDescription', () => {
  it('reads front matter, else the first non-empty line without heading marks', () => {
    expect(commandDescription("---\ndescription: 'Quoted'\n---\nbody")).toBe('Quoted');
    expect(commandDescription('---\nmodel: x\n---\n\n## Real title\n')).toBe('Real title');
    expect(commandDescription('')).toBe('');
  });
});
