import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type PublicConfig, type SystemStatus } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { storeToken } from '@/app/auth-token';
import { SystemStatusProvider } from '@/app/system-status';
import { stubConfigFetch } from '@/test-fixtures/config-fetch';
import { SettingsDialog } from '../SettingsDialog';
import { LOOPBACK_WARNING, PLAIN_HTTP_NOTE, deviceBaseUrl } from './ConnectDeviceSection';
import { generalTab } from './general';

// jsdom has no canvas: the QR code itself is drawn and decoded in Chromium (e2e/phone-connect.spec.ts).
vi.mock('./QrCodeCanvas', () => ({ QrCodeCanvas: ({ text, label }: { text: string; label: string }) => <p aria-label={label}>{text}</p> }));

const TOKEN = 'ab'.repeat(16);
const BASE_STATUS: SystemStatus = { claudeVersion: '2.1.330', claudePath: '/x/claude', configPath: '/x/config.json', activeConversations: 0, machineId: 'm', demoMode: false, homeDirectory: '/home/ann', router: { state: 'off' }, claudeAuth: { method: 'api-key', source: 'ANTHROPIC_API_KEY' } };

function renderGeneral(listen: SystemStatus['listen'], publicUrl?: string) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Response.json({ ...BASE_STATUS, listen })));
  const config: PublicConfig = {
    interface: { ...CONFIG_SECTIONS.interface.defaults, notifications: { enabled: false, ...(publicUrl ? { publicUrl } : {}) } },
    router: CONFIG_SECTIONS.router.defaults,
    gemini: CONFIG_SECTIONS.gemini.defaults,
    terminal: CONFIG_SECTIONS.terminal.defaults,
  };
  stubConfigFetch({ load: async () => config, update: async () => config });
  render(
    <AppProviders>
      <SystemStatusProvider>
        <SettingsDialog open onOpenChange={() => undefined} tabs={[generalTab]} />
      </SystemStatusProvider>
    </AppProviders>,
  );
}

beforeEach(() => storeToken(TOKEN));
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Settings › Connect a device', () => {
  it('offers the listening address with the token in the fragment, and warns that loopback is out of a phone’s reach', async () => {
    renderGeneral({ url: 'http://127.0.0.1:3001', loopback: true });
    const field = await screen.findByRole('textbox', { name: 'URL with the access token' });
    expect(field).toHaveValue(`http://127.0.0.1:3001/#token=${TOKEN}`);
    expect(await screen.findByLabelText('QR code of the URL with the access token')).toHaveTextContent(`http://127.0.0.1:3001/#token=${TOKEN}`);
    expect(screen.getByRole('note')).toHaveTextContent(LOOPBACK_WARNING);
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeVisible();
  });

  it('prefers the Public URL, without the loopback warning', async () => {
    renderGeneral({ url: 'http://127.0.0.1:3001', loopback: true }, 'https://desk.tail1234.ts.net/');
    const field = await screen.findByRole('textbox', { name: 'URL with the access token' });
    expect(field).toHaveValue(`https://desk.tail1234.ts.net/#token=${TOKEN}`);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(PLAIN_HTTP_NOTE)).toBeNull();
  });

  it('says that plain http on the network loses what needs HTTPS', async () => {
    renderGeneral({ url: 'http://192.168.1.20:3001', loopback: false });
    expect(await screen.findByRole('textbox', { name: 'URL with the access token' })).toHaveValue(`http://192.168.1.20:3001/#token=${TOKEN}`);
    expect(screen.getByText(PLAIN_HTTP_NOTE)).toBeVisible();
  });
});

describe('deviceBaseUrl', () => {
  it('takes the Public URL over the listening address and drops trailing slashes', () => {
    expect(deviceBaseUrl('https://cui.example.com//', 'http://127.0.0.1:3001')).toBe('https://cui.example.com');
    expect(deviceBaseUrl(undefined, 'http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001');
    expect(deviceBaseUrl('  ', undefined)).toBeUndefined();
  });
});
