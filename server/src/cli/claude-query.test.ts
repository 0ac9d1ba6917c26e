import { describe, expect, it } from 'vitest';
import { buildQueryOptions, childEnvironment, type ClaudeQueryParams } from './claude-query';
import { createPromptInput } from './prompt-input';

const input = createPromptInput();
input.push('-p not a flag');

const params: ClaudeQueryParams = {
  input,
  cwd: '/work/repo',
  executablePath: '/opt/claude',
  env: { PATH: '/usr/bin' },
  sessionId: '11111111-1111-4111-8111-111111111111',
  permissionMode: 'default',
  loadProjectSettings: true,
  canUseTool: async () => ({ behavior: 'deny', message: 'no' }),
  abortController: new AbortController(),
  spawnClaudeCodeProcess: () => {
    throw new Error('not spawned in this test');
  },
};

describe('buildQueryOptions', () => {
  it('presets the session id, asks through canUseTool and keeps the prompt out of the options', () => {
    const options = buildQueryOptions(params);
    expect(options).toMatchObject({ cwd: '/work/repo', pathToClaudeCodeExecutable: '/opt/claude', sessionId: params.sessionId, permissionMode: 'default', env: params.env });
    expect(options.canUseTool).toBe(params.canUseTool);
    expect(JSON.stringify(options)).not.toContain('not a flag');
    expect(options.resume).toBeUndefined();
    expect(options.model).toBeUndefined();
    expect(options.allowDangerouslySkipPermissions).toBeUndefined();
  });

  it("loads only the user's settings in an untrusted folder, and every source in a trusted one", () => {
    expect(buildQueryOptions({ ...params, loadProjectSettings: false }).settingSources).toEqual(['user']);
    expect(buildQueryOptions(params).settingSources).toBeUndefined();
  });

  it('passes a transcript retention as the flag setting cleanupPeriodDays, and none when not asked', () => {
    expect(buildQueryOptions({ ...params, transcriptRetentionDays: 36500 }).settings).toEqual({ cleanupPeriodDays: 36500 });
    expect(buildQueryOptions(params).settings).toBeUndefined();
  });

  it("uses Claude Code's own system prompt unless a custom one is given (not snapshotted, so a resume honours it)", () => {
    expect(buildQueryOptions(params).systemPrompt).toEqual({ type: 'preset', preset: 'claude_code' });
    expect(buildQueryOptions({ ...params, systemPrompt: 'Be terse.' }).systemPrompt).toEqual({ type: 'custom', prompt: 'Be terse.', snapshot: false });
  });

  it('forks a resumed session into the preset id and passes the model', () => {
    const options = buildQueryOptions({ ...params, resumeSessionId: '22222222-2222-4222-8222-222222222222', model: 'claude-test' });
    expect(options).toMatchObject({ resume: '22222222-2222-4222-8222-222222222222', forkSession: true, sessionId: params.sessionId, model: 'claude-test' });
  });

  it('keeps file checkpoints, and resumes a session in place (no fork, no preset id) for a control process', () => {
    expect(buildQueryOptions(params).enableFileCheckpointing).toBe(true);
    const options = buildQueryOptions({ ...params, resumeSessionId: '22222222-2222-4222-8222-222222222222', resumeInPlace: true });
    expect(options).toMatchObject({ resume: '22222222-2222-4222-8222-222222222222' });
    expect(options.forkSession).toBeUndefined();
    expect(options.sessionId).toBeUndefined();
  });

  it('confirms bypassPermissions explicitly, as the SDK requires', () => {
    expect(buildQueryOptions({ ...params, permissionMode: 'bypassPermissions' })).toMatchObject({ permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true });
  });
});

describe('childEnvironment', () => {
  it("drops the server's Node options and Claude Code's own nesting markers, then applies the overrides", () => {
    const env = childEnvironment(
      { PATH: '/usr/bin', HOME: '/home/me', NODE_OPTIONS: '--inspect', CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'cli', ANTHROPIC_BASE_URL: 'https://api.example' },
      { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', HOME: '/tmp/home' },
    );
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/tmp/home', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
  });

  it('lets an explicit override set even a dropped variable', () => {
    expect(childEnvironment({ NODE_OPTIONS: '--inspect' }, { NODE_OPTIONS: '--max-old-space-size=512' })).toEqual({ NODE_OPTIONS: '--max-old-space-size=512' });
  });
});
