import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfigStore } from './config';
import { deepMerge, mergeConfigUpdate } from './config-merge';

const dirs: string[] = [];
function tempConfigPath(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-config-'));
  dirs.push(root);
  return path.join(root, 'home', 'config.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeRaw(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
}

describe('deepMerge', () => {
  it('merges nested objects key by key and replaces arrays', () => {
    const merged = deepMerge({ a: { b: 1, c: 2 }, list: [1, 2] }, { a: { c: 3 }, list: [9] });
    expect(merged).toEqual({ a: { b: 1, c: 3 }, list: [9] });
  });

  it('removes a key given null and ignores undefined', () => {
    expect(deepMerge({ a: 1, b: 2 }, { a: null, b: undefined })).toEqual({ b: 2 });
  });

  it('does not modify its inputs', () => {
    const base = { a: { b: 1 } };
    const patch = { a: { b: 2 } };
    deepMerge(base, patch);
    expect(base).toEqual({ a: { b: 1 } });
  });
});

describe('config store', () => {
  it('creates a config with a 32-hex token, a machine id and defaults on first start', () => {
    const file = tempConfigPath();
    const store = createConfigStore(file);
    const config = store.get();
    expect(config.authToken).toMatch(/^[a-f0-9]{32}$/);
    expect(config.machineId).toMatch(/^[a-z0-9-]+-[a-f0-9]{16}$/);
    expect(config.server).toEqual({ host: '127.0.0.1', port: 3001 });
    expect(config.interface.colorScheme).toBe('system');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(config);
  });

  it('creates the file with mode 0600 in a directory with mode 0700', () => {
    const file = tempConfigPath();
    createConfigStore(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('generates a different token for each new config', () => {
    expect(createConfigStore(tempConfigPath()).get().authToken).not.toBe(createConfigStore(tempConfigPath()).get().authToken);
  });

  it('keeps an existing token and fills missing defaults', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32), interface: { colorScheme: 'dark' } });
    const config = createConfigStore(file).get();
    expect(config.authToken).toBe('a'.repeat(32));
    expect(config.interface).toEqual({ colorScheme: 'dark', language: '', notifications: { enabled: false } });
  });

  it('tightens a group-readable config file to 0600', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32) });
    fs.chmodSync(file, 0o644);
    createConfigStore(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a hand-edited file with a bad value, naming the field', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32), interface: { colorScheme: 'purple' } });
    expect(() => createConfigStore(file)).toThrow(/interface\.colorScheme/);
  });

  it('refuses a token that is not 32 lower-case hex characters', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'ABC' });
    expect(() => createConfigStore(file)).toThrow(/authToken must be 32 lower-case hex characters/);
  });

  it('refuses a file that is not JSON or not an object', () => {
    const notJson = tempConfigPath();
    writeRaw(notJson, '{ "machineId": ');
    expect(() => createConfigStore(notJson)).toThrow(/not valid JSON/);
    const array = tempConfigPath();
    writeRaw(array, '[1, 2]');
    expect(() => createConfigStore(array)).toThrow(/must be a JSON object/);
  });

  it('keeps unknown top-level keys of a hand-written file', () => {
    const file = tempConfigPath();
    writeRaw(file, { machine_id: 'old', authToken: 'b'.repeat(32) });
    createConfigStore(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).machine_id).toBe('old');
  });

  it('deep-merges an update, writes it and returns it', () => {
    const file = tempConfigPath();
    const store = createConfigStore(file);
    store.update({ interface: { notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } } });
    const next = store.update({ interface: { colorScheme: 'dark' } });
    expect(next.interface).toEqual({ colorScheme: 'dark', language: '', notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).interface).toEqual(next.interface);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('removes ntfyUrl when it is sent empty', () => {
    const store = createConfigStore(tempConfigPath());
    store.update({ interface: { notifications: { ntfyUrl: 'https://ntfy.example.com' } } });
    expect(store.update({ interface: { notifications: { ntfyUrl: '' } } }).interface.notifications).toEqual({ enabled: false });
  });

  it('replaces the provider list as a whole', () => {
    const store = createConfigStore(tempConfigPath());
    const provider = { name: 'p1', api_base_url: 'https://x', api_key: 'k', models: ['m'] };
    store.update({ router: { providers: [provider, { ...provider, name: 'p2' }] } });
    expect(store.update({ router: { providers: [provider] } }).router.providers).toEqual([provider]);
  });

  it('rejects an update that makes the config invalid and changes neither the file nor memory', () => {
    const file = tempConfigPath();
    const store = createConfigStore(file);
    const before = fs.readFileSync(file, 'utf8');
    const update = { interface: { colorScheme: 'purple' } } as unknown as Parameters<typeof store.update>[0];
    expect(() => store.update(update)).toThrow(/interface\.colorScheme/);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(store.get().interface.colorScheme).toBe('system');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['config.json']);
  });

  it('replaces the router rules as a whole, so a rule can be removed, and keeps them when not sent', () => {
    const config = createConfigStore(tempConfigPath()).get();
    const withRules = { ...config, router: { ...config.router, rules: { default: 'p1,m', background: 'p2,m' } } };
    expect((mergeConfigUpdate(withRules, { router: { rules: { default: 'p1,m' } } }) as typeof config).router.rules).toEqual({ default: 'p1,m' });
    expect((mergeConfigUpdate(withRules, { router: { rules: {} } }) as typeof config).router.rules).toEqual({});
    expect((mergeConfigUpdate(withRules, { router: { enabled: true } }) as typeof config).router.rules).toEqual(withRules.router.rules);
    expect(withRules.router.rules).toEqual({ default: 'p1,m', background: 'p2,m' });
  });

  it('mergeConfigUpdate leaves the stored config untouched', () => {
    const store = createConfigStore(tempConfigPath());
    const config = store.get();
    mergeConfigUpdate(config, { interface: { colorScheme: 'light' } });
    expect(config.interface.colorScheme).toBe('system');
  });
});
