import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SlashCommand } from '@anthropic-ai/claude-agent-sdk';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { AskParams } from '../../cli/claude-ask';
import { createCliCommands, toCommand } from './commands';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-cli-commands-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function setup(answer: (params: Omit<AskParams, 'sdkQuery'>) => Promise<SlashCommand[]>, executablePath = process.execPath) {
  let version = '2.1.330';
  const asked: Omit<AskParams, 'sdkQuery'>[] = [];
  const commands = createCliCommands({
    claude: { executablePath, version: async () => version, sdkQuery: () => Promise.reject(new Error('not used')) },
    logger: pino({ level: 'silent' }),
    paths: { home: root, claudeConfigDir: path.join(root, '.claude') },
    runEnv: () => ({}),
    trusted: (folder) => folder.endsWith('trusted'),
    ask: (params) => {
      asked.push(params);
      return answer(params);
    },
  });
  return { commands, asked, setVersion: (next: string) => (version = next) };
}

const COMPACT: SlashCommand = { name: 'compact', description: 'Clear history', argumentHint: '<instructions>', builtin: true };

describe('toCommand', () => {
  it('puts the slash on names and aliases, and keeps a hint only when there is one', () => {
    expect(toCommand({ name: 'usage', description: 'Usage', argumentHint: '', aliases: ['cost'], builtin: true })).toEqual({ name: '/usage', description: 'Usage', type: 'builtin', aliases: ['/cost'] });
    expect(toCommand({ name: 'db:up', description: 'Up', argumentHint: '<n>' })).toEqual({ name: '/db:up', description: 'Up', type: 'custom', argumentHint: '<n>' });
  });
});

describe('createCliCommands', () => {
  it('asks the CLI once per folder and CLI version, with the settings a run there would load', async () => {
    const trusted = path.join(root, 'trusted');
    fs.mkdirSync(trusted);
    const { commands, asked, setVersion } = setup(async () => [COMPACT]);
    expect(await commands.list(trusted)).toEqual([toCommand(COMPACT)]);
    await commands.list(trusted);
    await commands.list(root);
    expect(asked.map((a) => [a.cwd, a.settingSources])).toEqual([[trusted, undefined], [root, ['user']]]);
    setVersion('2.1.331');
    await commands.list(trusted);
    expect(asked).toHaveLength(3);
  });

  it('answers cli.unavailable when the CLI fails, and asks again next time', async () => {
    let fail = true;
    const { commands, asked } = setup(async () => {
      if (fail) throw new Error('did not answer within 20 s');
      return [COMPACT];
    });
    await expect(commands.list(undefined)).rejects.toMatchObject({ code: 'cli.unavailable', status: 503 });
    fail = false;
    expect(await commands.list(undefined)).toEqual([toCommand(COMPACT)]);
    expect(asked).toHaveLength(2);
  });

  it('answers cli.not_found (400) without asking when the executable is not there, as a start does', async () => {
    const { commands, asked } = setup(async () => [COMPACT], path.join(root, 'no-claude'));
    await expect(commands.list(undefined)).rejects.toMatchObject({ code: 'cli.not_found', status: 400 });
    expect(asked).toHaveLength(0);
  });
});
