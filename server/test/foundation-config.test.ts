import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody, MASKED_SECRET_PREFIX, PublicConfig } from '@cui/contract';
import { buildApp } from '../src/app';
import { makeTestDirs, startTestServer, type TestServer } from './helpers';

const servers: TestServer[] = [];
async function start(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const configFile = (server: TestServer): string => path.join(server.dirs.cuiHome, 'config.json');
const put = (server: TestServer, body: unknown): Promise<Response> =>
  server.api('/api/config', { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('GET /api/config', () => {
  it('returns interface, router, gemini and terminal with defaults and never the token or machine id', async () => {
    const server = await start();
    const response = await server.api('/api/config');
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = PublicConfig.parse(JSON.parse(text));
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['gemini', 'interface', 'router', 'terminal']);
    expect(body.interface).toEqual({ colorScheme: 'system', language: '', notifications: { enabled: false } });
    expect(body.router).toEqual({ enabled: false, providers: [], rules: {} });
    expect(body.terminal).toEqual({ allowRemote: false, idleMinutes: 60 });
    expect(text).not.toContain(server.token);
  });
});

describe('PUT /api/config', () => {
  it('deep-merges a partial interface update, persists it and returns the new config', async () => {
    const server = await start();
    await put(server, { interface: { notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } } });
    const response = await put(server, { interface: { colorScheme: 'dark' } });
    expect(response.status).toBe(200);
    const body = PublicConfig.parse(await response.json());
    expect(body.interface).toEqual({ colorScheme: 'dark', language: '', notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } });
    expect(PublicConfig.parse(await (await server.api('/api/config')).json()).interface.colorScheme).toBe('dark');
    const onDisk = JSON.parse(fs.readFileSync(configFile(server), 'utf8'));
    expect(onDisk.interface.colorScheme).toBe('dark');
    expect(onDisk.authToken).toBe(server.token);
    expect(fs.statSync(configFile(server)).mode & 0o777).toBe(0o600);
  });

  it('takes a router update with providers and rules', async () => {
    const server = await start();
    const router = {
      enabled: true,
      providers: [{ name: 'provider-1', api_base_url: 'https://openrouter.ai/api/v1', api_key: '', models: ['m1'], transformer: { use: ['openrouter'] } }],
      rules: { default: 'provider-1,m1' },
    };
    const body = PublicConfig.parse(await (await put(server, { router })).json());
    expect(body.router).toEqual(router);
  });

  it('removes a router rule when the rules are sent without it', async () => {
    const server = await start();
    // The rules must name a provider that exists (issue 29.15).
    await put(server, { router: { providers: [{ name: 'p', api_base_url: 'http://127.0.0.1:9/v1', api_key: '', models: ['m', 'small'] }], rules: { default: 'p,m', background: 'p,small' } } });
    const body = PublicConfig.parse(await (await put(server, { router: { rules: { default: 'p,m' } } })).json());
    expect(body.router.rules).toEqual({ default: 'p,m' });
    expect(JSON.parse(fs.readFileSync(configFile(server), 'utf8')).router.rules).toEqual({ default: 'p,m' });
  });

  it.each([
    ['malformed JSON', '{"interface": {', 'Invalid JSON', 'request.invalid_json'],
    ['an empty body', '', 'Invalid JSON', 'request.invalid_json'],
    ['a bad enum value', { interface: { colorScheme: 'purple' } }, /interface\.colorScheme/, 'validation.failed'],
    ['a bad ntfy URL', { interface: { notifications: { ntfyUrl: 'javascript:alert(1)' } } }, /ntfyUrl must be an http\(s\) URL/, 'validation.failed'],
    ['the auth token', { authToken: 'f'.repeat(32) }, /authToken/, 'validation.failed'],
    ['the server section', { server: { port: 1 } }, /server/, 'validation.failed'],
    ['a provider without models', { router: { providers: [{ name: 'p', api_base_url: '', api_key: '' }] } }, /router\.providers\.0\.models/, 'validation.failed'],
    ['a non-object body', '[1,2]', /expected object/i, 'validation.failed'],
    // Issue 29.15: what the router could not work with is refused, naming the field.
    ['a provider URL that is not a URL', { router: { providers: [{ name: 'p', api_base_url: 'not a url', api_key: '', models: ['m'] }] } }, 'router.providers.0.api_base_url: the API Base URL of provider "p" must be an http(s) URL ("not a url" is not one)', 'config.invalid'],
    ['a provider with an empty model list', { router: { providers: [{ name: 'p', api_base_url: 'https://api.example/v1', api_key: '', models: [] }] } }, 'router.providers.0.models: provider "p" needs at least one model', 'config.invalid'],
    ['a rule naming a provider that does not exist', { router: { enabled: true, rules: { default: 'ghost,m' } } }, 'router.rules.default: the rule "default" names the provider "ghost", which does not exist', 'config.invalid'],
  ])('rejects %s with 400 and writes nothing', async (_name, body, message, code) => {
    const server = await start();
    const before = fs.readFileSync(configFile(server));
    const beforeMtime = fs.statSync(configFile(server)).mtimeMs;
    const response = await put(server, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: string; code: string };
    expect(error.code).toBe(code);
    if (typeof message === 'string') expect(error.error).toBe(message);
    else expect(error.error).toMatch(message);
    expect(fs.readFileSync(configFile(server)).equals(before)).toBe(true);
    expect(fs.statSync(configFile(server)).mtimeMs).toBe(beforeMtime);
    expect(fs.readdirSync(server.dirs.cuiHome).filter((name) => name.includes('config'))).toEqual(['config.json']);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const server = await start();
    const response = await server.api('/api/config', { method: 'PUT', body: 'colorScheme=dark', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(ErrorBody.parse(await response.json()).code).toBe('request.unsupported_media_type');
  });

  it('masks API keys and keeps the stored key when the masked value is sent back', async () => {
    const server = await start();
    const geminiKey = 'AIzaSyGeminiSecretKey-1234';
    const providerKey = 'sk-or-v1-providersecret-9876';
    const router = { enabled: true, providers: [{ name: 'or', api_base_url: 'https://openrouter.ai/api/v1', api_key: providerKey, models: ['m'] }], rules: {} };
    const saved = await (await put(server, { gemini: { apiKey: geminiKey, model: 'gemini-2.5-flash' }, router })).text();
    expect(saved).not.toContain(geminiKey);
    expect(saved).not.toContain(providerKey);

    const shown = PublicConfig.parse(await (await server.api('/api/config')).json());
    expect(shown.gemini.apiKey).toBe(`${MASKED_SECRET_PREFIX}1234`);
    expect(shown.router.providers[0]?.api_key).toBe(`${MASKED_SECRET_PREFIX}9876`);

    // The settings form saves what it shows, with one change.
    const resaved = await put(server, { gemini: shown.gemini, router: { ...shown.router, enabled: false } });
    expect(resaved.status).toBe(200);
    const onDisk = JSON.parse(fs.readFileSync(configFile(server), 'utf8'));
    expect(onDisk.gemini.apiKey).toBe(geminiKey);
    expect(onDisk.router.providers[0].api_key).toBe(providerKey);
    expect(onDisk.router.enabled).toBe(false);

    await put(server, { gemini: { apiKey: 'AIzaSyReplacedKey-5555' } });
    expect(JSON.parse(fs.readFileSync(configFile(server), 'utf8')).gemini.apiKey).toBe('AIzaSyReplacedKey-5555');
  });
});

describe('config at start-up', () => {
  it('fails with a message naming the field when the file was hand-edited into an invalid state', async () => {
    const dirs = makeTestDirs();
    const file = path.join(dirs.cuiHome, 'config.json');
    fs.writeFileSync(file, JSON.stringify({ machineId: 'box-1', authToken: 'a'.repeat(32), server: { port: 'eighty' } }));
    await expect(buildApp({ cuiHome: dirs.cuiHome, claudeConfigDir: dirs.claudeConfigDir })).rejects.toThrow(
      `Invalid config ${file}: server.port: Invalid input: expected number, received string`,
    );
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).server.port).toBe('eighty');
  });

  it('uses the token of an existing config file', async () => {
    const dirs = makeTestDirs();
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ machineId: 'box-1', authToken: 'c'.repeat(32) }));
    const server = await startTestServer({ dirs });
    servers.push(server);
    expect(server.token).toBe('c'.repeat(32));
    expect((await server.api('/api/system/status')).status).toBe(200);
    expect(JSON.parse(await (await server.api('/api/system/status')).text()).machineId).toBe('box-1');
  });
});
