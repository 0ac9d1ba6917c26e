import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import type { RouterConfig } from '@cui/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelRouter, type ModelRouter } from '../src/features/router/index';
import { routerChildEntry } from '../src/features/router/router-entry';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai/index';
import { waitFor } from './helpers';

/** The router child on its own: translation through llms, the guard, restarts on the same port, ending it. */

const PROVIDER_KEY = 'sk-provider-process-test';

function config(fake: FakeOpenAI, key = PROVIDER_KEY): RouterConfig {
  return {
    enabled: true,
    providers: [{ name: 'fakeai', api_base_url: `${fake.url}/v1/chat/completions`, api_key: key, models: ['gpt-fake'], transformer: { use: ['openrouter'] } }],
    rules: { default: 'fakeai,gpt-fake' },
  };
}

const messageBody = JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hello router' }] });

describe('model router process', () => {
  let fake: FakeOpenAI;
  let router: ModelRouter;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    router = createModelRouter({ logger: pino({ level: 'silent' }) });
    await router.apply(config(fake));
  });
  afterAll(async () => {
    await router.close();
    await fake.close();
  });

  const endpoint = () => {
    const found = router.endpoint();
    if (!found) throw new Error(`router not available: ${JSON.stringify(router.status())}`);
    return found;
  };

  it('translates a Messages request to the provider with its key and the routed model', async () => {
    expect(router.status().state).toBe('running');
    const { url, secret } = endpoint();
    const response = await fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': secret }, body: messageBody });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { content: { type: string; text?: string }[] };
    expect(body.content).toContainEqual(expect.objectContaining({ type: 'text', text: 'Routed echo: hello router' }));
    expect(fake.requests.at(-1)).toMatchObject({ authorization: `Bearer ${PROVIDER_KEY}`, model: 'gpt-fake' });
  });

  it('refuses a request without the secret, and any request with an Origin header, /providers included', async () => {
    const { url, secret } = endpoint();
    const before = fake.requests.length;
    const post = (headers: Record<string, string>) => fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: messageBody });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-api-key': 'wrong' })).status).toBe(401);
    expect((await post({ 'x-api-key': secret, origin: 'http://127.0.0.1:3001' })).status).toBe(401);
    expect((await fetch(`${url}/providers`)).status).toBe(401);
    const providers = await fetch(`${url}/providers`, { headers: { authorization: `Bearer ${secret}`, origin: 'null' } });
    expect(providers.status).toBe(401);
    expect(await providers.text()).not.toContain(PROVIDER_KEY);
    expect(fake.requests.length).toBe(before);
    expect((await post({ authorization: `Bearer ${secret}` })).status).toBe(200);
  });

  it('keeps a provider without a key (a local server) with a placeholder key', async () => {
    const withLocal = config(fake);
    withLocal.providers.push({ name: 'local', api_base_url: `${fake.url}/v1/chat/completions`, api_key: '', models: ['llama'] });
    withLocal.rules = { ...withLocal.rules, 'claude-local': 'local,llama' };
    await router.apply(withLocal);
    const { url, secret } = endpoint();
    const body = JSON.stringify({ model: 'claude-local', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
    expect((await fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': secret }, body })).status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ authorization: 'Bearer none', model: 'llama' });
  });

  it('restarts on the same port with the new config', async () => {
    const first = router.status();
    await router.apply(config(fake, 'sk-rotated'));
    const second = router.status();
    expect(second).toMatchObject({ state: 'running', port: first.port });
    expect(second.startedAt).not.toBe(first.startedAt);
    const { url, secret } = endpoint();
    expect((await fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': secret }, body: messageBody })).status).toBe(200);
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-rotated');
  });

  it('turning it off ends the child and frees the endpoint', async () => {
    const { url } = endpoint();
    await router.apply({ ...config(fake), enabled: false });
    expect(router.status()).toEqual({ state: 'off' });
    expect(router.endpoint()).toBeUndefined();
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    await router.apply(config(fake));
    await waitFor(() => router.status().state === 'running');
  });
});

describe('router child', () => {
  it('exits when its parent goes away (the IPC channel closes, as when the server is killed)', async () => {
    const entry = routerChildEntry();
    const child = fork(entry.script, [], { execArgv: entry.execArgv, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const exited = once(child, 'exit');
    const ready = once(child, 'message');
    const probe = net.createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as net.AddressInfo).port;
    probe.close();
    child.send({ type: 'start', port, secret: 's', providers: [], rules: {} });
    expect((await ready)[0]).toMatchObject({ type: 'ready' });
    child.disconnect();
    expect(await exited).toEqual([0, null]);
  });
});
