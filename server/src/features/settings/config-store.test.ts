import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_SECTIONS, ConfigUpdate } from '@cui/contract';
import { createEventBus, type DomainEvents } from '../../platform/bus';
import { mergeConfigUpdate } from './config-merge';
import { createConfigStore } from './config-store';

const dirs: string[] = [];
function tempConfigPath(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-config-'));
  dirs.push(root);
  return path.join(root, 'home', 'config.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A store on a real bus; `changes` collects every config.changed it publishes. */
function openStore(file: string) {
  const bus = createEventBus(pino({ level: 'silent' }));
  const changes: DomainEvents['config.changed'][] = [];
  bus.subscribe('config.changed', (payload) => changes.push(payload));
  return Object.assign(createConfigStore({ path: file, bus }), { changes });
}

function writeRaw(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
}

describe('config store', () => {
  it('creates a config with a 32-hex token, a machine id and defaults on first start', () => {
    const file = tempConfigPath();
    const store = openStore(file);
    const config = store.get();
    expect(config.authToken).toMatch(/^[a-f0-9]{32}$/);
    expect(config.machineId).toMatch(/^[a-z0-9-]+-[a-f0-9]{16}$/);
    expect(config.server).toEqual({ host: '127.0.0.1', port: 3001 });
    expect(config.interface.colorScheme).toBe('system');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(config);
  });

  it('creates the file with mode 0600 in a directory with mode 0700', () => {
    const file = tempConfigPath();
    openStore(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('generates a different token for each new config', () => {
    expect(openStore(tempConfigPath()).get().authToken).not.toBe(openStore(tempConfigPath()).get().authToken);
  });

  it('keeps an existing token and fills missing defaults', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32), interface: { colorScheme: 'dark' } });
    const config = openStore(file).get();
    expect(config.authToken).toBe('a'.repeat(32));
    expect(config.interface).toEqual({ colorScheme: 'dark', language: '', notifications: { enabled: false } });
  });

  it('tightens a group-readable config file to 0600', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32) });
    fs.chmodSync(file, 0o644);
    openStore(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a hand-edited file with a bad value, naming the field', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'a'.repeat(32), interface: { colorScheme: 'purple' } });
    expect(() => openStore(file)).toThrow(/interface\.colorScheme/);
  });

  it('refuses a token that is not 32 lower-case hex characters', () => {
    const file = tempConfigPath();
    writeRaw(file, { machineId: 'box-1', authToken: 'ABC' });
    expect(() => openStore(file)).toThrow(/authToken must be 32 lower-case hex characters/);
  });

  it('refuses a file that is not JSON or not an object', () => {
    const notJson = tempConfigPath();
    writeRaw(notJson, '{ "machineId": ');
    expect(() => openStore(notJson)).toThrow(/not valid JSON/);
    const array = tempConfigPath();
    writeRaw(array, '[1, 2]');
    expect(() => openStore(array)).toThrow(/must be a JSON object/);
  });

  it('keeps unknown top-level keys of a hand-written file', () => {
    const file = tempConfigPath();
    writeRaw(file, { machine_id: 'old', authToken: 'b'.repeat(32) });
    openStore(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).machine_id).toBe('old');
  });

  it('deep-merges an update, writes it and returns it', () => {
    const file = tempConfigPath();
    const store = openStore(file);
    store.update({ interface: { notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } } });
    const next = store.update({ interface: { colorScheme: 'dark' } });
    expect(next.interface).toEqual({ colorScheme: 'dark', language: '', notifications: { enabled: true, ntfyUrl: 'https://ntfy.example.com' } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).interface).toEqual(next.interface);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('removes ntfyUrl when it is sent empty', () => {
    const store = openStore(tempConfigPath());
    store.update({ interface: { notifications: { ntfyUrl: 'https://ntfy.example.com' } } });
    const body = ConfigUpdate.parse({ interface: { notifications: { ntfyUrl: '' } } });
    expect(store.update(body).interface.notifications).toEqual({ enabled: false });
  });

  it('replaces the provider list as a whole', () => {
    const store = openStore(tempConfigPath());
    const provider = { name: 'p1', api_base_url: 'https://x', api_key: 'k', models: ['m'] };
    store.update({ router: { providers: [provider, { ...provider, name: 'p2' }] } });
    expect(store.update({ router: { providers: [provider] } }).router.providers).toEqual([provider]);
  });

  it('rejects an update that makes the config invalid and changes neither the file nor memory', () => {
    const file = tempConfigPath();
    const store = openStore(file);
    const before = fs.readFileSync(file, 'utf8');
    const update = { interface: { colorScheme: 'purple' } } as unknown as Parameters<typeof store.update>[0];
    expect(() => store.update(update)).toThrow(/interface\.colorScheme/);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(store.get().interface.colorScheme).toBe('system');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['config.json']);
  });

  it('mergeConfigUpdate leaves the stored config untouched', () => {
    const store = openStore(tempConfigPath());
    const config = store.get();
    mergeConfigUpdate(CONFIG_SECTIONS, config, { interface: { colorScheme: 'light' } });
    expect(config.interface.colorScheme).toBe('system');
  });

  it('replaces a map such as the router rules, so a rule can be removed', () => {
    const store = openStore(tempConfigPath());
    // The rules must name a provider that exists (issue 29.15).
    store.update({ router: { providers: [{ name: 'p', api_base_url: 'http://127.0.0.1:9/v1', api_key: '', models: ['m', 'small'] }], rules: { default: 'p,m', background: 'p,small' } } });
    expect(store.update({ router: { rules: { default: 'p,m' } } }).router.rules).toEqual({ default: 'p,m' });
  });

  it('publishes config.changed with the sections whose value changed, after the write', () => {
    const file = tempConfigPath();
    const store = openStore(file);
    store.update({ interface: { colorScheme: 'dark' }, gemini: {} });
    expect(store.changes).toEqual([{ sections: ['interface'] }]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).interface.colorScheme).toBe('dark');
    store.update({ router: { enabled: true }, interface: { language: 'de' } });
    expect(store.changes.at(-1)).toEqual({ sections: ['interface', 'router'] });
  });

  it('publishes nothing for an update that changes nothing or fails', () => {
    const store = openStore(tempConfigPath());
    store.update({ interface: { colorScheme: 'system' } });
    expect(() => store.update({ router: { providers: [{ name: 'p' }] } } as unknown as Parameters<typeof store.update>[0])).toThrow(/router\.providers/);
    expect(store.changes).toEqual([]);
  });
});
