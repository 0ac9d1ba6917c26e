import fs from 'node:fs';
import path from 'node:path';
import type { SettingSource } from '@anthropic-ai/claude-agent-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandsResponse, type Command } from '@cui/contract';
import { askClaude } from '../src/cli/claude-ask';
import { bundledClaudePath } from '../src/cli/claude-binary';
import { childEnvironment, createSdkLoader } from '../src/cli/claude-query';
import { toCommand } from '../src/features/files/index';
import { startTestServer, testChildEnv, type TestServer } from './helpers';

/** The composer's `/` menu is what the real CLI reports (`supportedCommands()`), per folder and its trust (issue 26.4). */

let server: TestServer;
let project: string;
let untrusted: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function listed(workingDirectory?: string): Promise<Command[]> {
  const query = workingDirectory ? `?workingDirectory=${encodeURIComponent(workingDirectory)}` : '';
  const response = await server.api(`/api/system/commands${query}`);
  expect(response.status).toBe(200);
  return CommandsResponse.parse(await response.json()).commands;
}

/** The SDK's own answer, asked here without the server. */
async function reported(cwd: string, settingSources?: SettingSource[]): Promise<Command[]> {
  const sdkQuery = await createSdkLoader()();
  const env = childEnvironment(process.env, testChildEnv(server.dirs));
  const commands = await askClaude({ executablePath: bundledClaudePath(), cwd, env, sdkQuery, ...(settingSources ? { settingSources } : {}) }, (q) => q.supportedCommands());
  return commands.map(toCommand);
}

beforeAll(async () => {
  server = await startTestServer();
  project = path.join(server.dirs.work, 'project');
  untrusted = path.join(server.dirs.work, 'untrusted');
  write(path.join(server.dirs.claudeConfigDir, 'commands', 'standup.md'), '---\ndescription: "Write my standup"\n---\nSummarise yesterday.\n');
  write(path.join(project, '.claude', 'commands', 'deploy.md'), '---\ndescription: Deploy this project\nargument-hint: <environment>\n---\nDeploy to $ARGUMENTS\n');
  write(path.join(untrusted, '.claude', 'commands', 'sneaky.md'), '---\ndescription: Not loaded untrusted\n---\nbody\n');
  const trusted = await server.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: project }) });
  expect(trusted.status).toBe(200);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

describe('GET /api/system/commands', () => {
  it("equals the CLI's own list for a trusted folder: built-ins, the user's and the project's commands (as the CLI words them) with hints", async () => {
    const commands = await listed(project);
    expect(commands).toEqual(await reported(project));
    expect(commands).toContainEqual({ name: '/deploy', description: 'Deploy this project (project)', type: 'custom', argumentHint: '<environment>' });
    expect(commands).toContainEqual(expect.objectContaining({ name: '/standup', description: 'Write my standup (user)', type: 'custom' }));
    expect(commands).toContainEqual(expect.objectContaining({ name: '/compact', type: 'builtin' }));
  });

  it("loads only the user's commands in a folder that is not trusted, as a run there would", async () => {
    const commands = await listed(untrusted);
    expect(commands).toEqual(await reported(untrusted, ['user']));
    expect(commands.map((c) => c.name)).not.toContain('/sneaky');
    expect(commands.map((c) => c.name)).toContain('/standup');
  });

  it('answers without a folder, or for one that does not exist, with the user-level list', async () => {
    const home = await reported(server.dirs.home, ['user']);
    expect(await listed()).toEqual(home);
    expect(await listed(path.join(project, 'nowhere'))).toEqual(home);
  });

  it('asks again once a command is added to the folder', async () => {
    write(path.join(project, '.claude', 'commands', 'release.md'), '---\ndescription: Cut a release\n---\nbody\n');
    expect(await listed(project)).toContainEqual(expect.objectContaining({ name: '/release', description: 'Cut a release (project)' }));
  });
});
