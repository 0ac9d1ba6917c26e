import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemStatus } from '@cui/contract';
import { startTestServer, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('GET /api/system/status', () => {
  it('reports the bundled CLI, the config path, no active conversations and the machine id', async () => {
    const server = await startTestServer();
    servers.push(server);
    const status = SystemStatus.parse(await (await server.api('/api/system/status')).json());
    const configPath = path.join(server.dirs.cuiHome, 'config.json');
    expect(status.claudeVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(status.claudePath).toMatch(/claude-agent-sdk-linux-[a-z0-9-]+\/claude$/);
    expect(fs.existsSync(status.claudePath)).toBe(true);
    expect(status.configPath).toBe(configPath);
    expect(status.activeConversations).toBe(0);
    expect(status.machineId).toBe(JSON.parse(fs.readFileSync(configPath, 'utf8')).machineId);
    expect(status.demoMode).toBe(false);
    expect(status.homeDirectory).toBe(server.dirs.home);
    // Settings › Connect a device: the address it listens on, and that a phone cannot reach loopback.
    expect(status.listen).toEqual({ url: server.url, loopback: true });
  });

  it('reports demo mode when the server runs against the fake model', async () => {
    const server = await startTestServer({ demoMode: true });
    servers.push(server);
    expect(SystemStatus.parse(await (await server.api('/api/system/status')).json()).demoMode).toBe(true);
  });
});
