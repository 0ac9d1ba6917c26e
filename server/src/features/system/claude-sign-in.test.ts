import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { RouterConfig } from '@cui/contract';
import type { ClaudeSelfReport } from '../../cli/claude-account';
import { modelOptions } from '../../cli/claude-account';
import { SDK_MODELS } from '../../cli/fixtures/sdk-models';
import { createClaudeSignIn, describeSignIn } from './claude-sign-in';

const logger = pino({ level: 'silent' });
const ROUTER_OFF: RouterConfig = { enabled: false, providers: [], rules: {} } as unknown as RouterConfig;

function setup(options: { version?: () => string; env?: Record<string, string | undefined>; router?: RouterConfig; answer?: () => Promise<ClaudeSelfReport> } = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-sign-in-'));
  const env = options.env ?? { HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), ANTHROPIC_API_KEY: 'sk-one' };
  const asked: Record<string, string | undefined>[] = [];
  const answer = options.answer ?? (async () => ({ auth: { method: 'api-key' as const, source: 'ANTHROPIC_API_KEY' }, ...modelOptions(SDK_MODELS) }));
  const signIn = createClaudeSignIn({
    claude: { executablePath: '/x/claude', version: async () => options.version?.() ?? '2.1.330', sdkQuery: () => Promise.reject(new Error('not used')) },
    logger,
    cwd: home,
    runEnv: () => env,
    router: () => options.router ?? ROUTER_OFF,
    probe: async (params) => (asked.push(params.env), answer()),
  });
  return { signIn, asked, env };
}

describe('createClaudeSignIn', () => {
  it("serves the CLI's model list (a double of the SDK's answer) and asks the CLI once per version and credentials", async () => {
    let version = '2.1.330';
    const { signIn, asked, env } = setup({ version: () => version });
    expect(await signIn.models()).toEqual({
      source: 'cli', claudeVersion: '2.1.330', defaultModel: 'claude-opus-5-5',
      models: [
        { value: 'opus', displayName: 'Opus', description: 'Opus 5.5' },
        { value: 'sonnet', displayName: 'Sonnet', description: 'Sonnet 5.5' },
        { value: 'haiku', displayName: 'Haiku', description: 'Haiku 5.5' },
      ],
    });
    await Promise.all([signIn.auth(), signIn.models(), signIn.auth()]);
    expect(asked).toHaveLength(1);
    version = '2.1.331';
    await signIn.models();
    expect(asked).toHaveLength(2);
    env.ANTHROPIC_API_KEY = 'sk-two';
    expect(await signIn.auth()).toEqual({ method: 'api-key', source: 'ANTHROPIC_API_KEY' });
    expect(asked).toHaveLength(3);
  });

  it('current() answers at once: checking until the CLI has answered, then its answer', async () => {
    let answer: (report: ClaudeSelfReport) => void = () => undefined;
    const { signIn, asked } = setup({ answer: () => new Promise((resolve) => (answer = resolve)) });
    expect(signIn.current()).toEqual({ method: 'checking' });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(signIn.current()).toEqual({ method: 'checking' });
    answer({ auth: { method: 'none' }, models: [] });
    expect(await signIn.auth()).toEqual({ method: 'none' });
    expect(signIn.current()).toEqual({ method: 'none' });
    expect(asked).toHaveLength(1);
  });

  it('asks again after a saved login appears in CLAUDE_CONFIG_DIR', async () => {
    const { signIn, asked, env } = setup();
    await signIn.auth();
    fs.mkdirSync(env.CLAUDE_CONFIG_DIR as string, { recursive: true });
    fs.writeFileSync(path.join(env.CLAUDE_CONFIG_DIR as string, '.credentials.json'), '{}');
    await signIn.auth();
    expect(asked).toHaveLength(2);
  });

  it("with the router on, lists the router's models and asks the CLI nothing", async () => {
    const router = { enabled: true, providers: [{ name: 'deep', models: ['deep-chat', 'deep-coder'] }, { name: '', models: ['x'] }], rules: { default: 'deep,deep-chat' } } as unknown as RouterConfig;
    const { signIn, asked } = setup({ router });
    expect(await signIn.models()).toEqual({
      source: 'router', claudeVersion: '2.1.330',
      models: [{ value: 'deep,deep-chat', displayName: 'deep-chat', description: 'deep' }, { value: 'deep,deep-coder', displayName: 'deep-coder', description: 'deep' }],
    });
    expect(await signIn.auth()).toEqual({ method: 'api-key', source: 'model-provider router', routed: true });
    expect(asked).toHaveLength(0);
  });

  it('close() ends a question in flight (the server is closing) and waits for it', async () => {
    let signal: AbortSignal | undefined;
    const signIn = createClaudeSignIn({
      claude: { executablePath: '/x/claude', version: async () => '2.1.330', sdkQuery: () => Promise.reject(new Error('not used')) },
      logger,
      cwd: os.tmpdir(),
      runEnv: () => ({}),
      router: () => ROUTER_OFF,
      probe: (params) => {
        signal = params.signal;
        // Like probeClaude: ends (and so does its CLI process) only when told to.
        return new Promise((_resolve, reject) => params.signal?.addEventListener('abort', () => reject(new Error('closing'))));
      },
    });
    expect(signIn.current()).toEqual({ method: 'checking' });
    await vi.waitFor(() => expect(signal).toBeDefined());
    expect(signal?.aborted).toBe(false);
    await signIn.close();
    expect(signal?.aborted).toBe(true);
    expect(signIn.current()).toMatchObject({ method: 'unknown' });
  });

  it('reports unknown when the CLI cannot be asked, and asks again next time', async () => {
    let fail = true;
    const { signIn, asked } = setup({ answer: async () => {
      if (fail) throw new Error('spawn ENOENT');
      return { auth: { method: 'none' }, models: [] };
    } });
    expect(await signIn.auth()).toEqual({ method: 'unknown', error: 'spawn ENOENT' });
    fail = false;
    expect(await signIn.auth()).toEqual({ method: 'none' });
    expect(asked).toHaveLength(2);
  });
});

describe('describeSignIn', () => {
  it('names the source, never a secret, and with none says how to sign in', () => {
    expect(describeSignIn({ method: 'api-key', source: 'ANTHROPIC_API_KEY' })).toBe('Claude sign-in: API key from ANTHROPIC_API_KEY');
    expect(describeSignIn({ method: 'logged-in', source: 'CLAUDE_CONFIG_DIR', subscription: 'Claude Max' })).toBe('Claude sign-in: the login saved in CLAUDE_CONFIG_DIR (Claude Max)');
    expect(describeSignIn({ method: 'none' })).toMatch(/ANTHROPIC_API_KEY.*CLAUDE_CODE_OAUTH_TOKEN.*claude setup-token.*CLAUDE_CONFIG_DIR/);
  });
});
