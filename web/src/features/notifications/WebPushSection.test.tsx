import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type PublicConfig } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { stubConfigFetch } from '@/test-fixtures/config-fetch';
import { SettingsDialog } from '@/features/settings';
import { notificationsTab } from './notifications-tab';
import { TEST_SENT } from './use-web-push';
import { VAPID_NOTE } from './WebPushSection';
import { WEB_PUSH_ERRORS, enableErrorMessage } from './web-push-client';

const PUBLIC_KEY = 'B'.repeat(87);
const SUBSCRIPTION_JSON = { endpoint: 'https://push.example.com/sub/1', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser with a service worker and push, whose subscribe/unsubscribe the test observes. */
function fakeBrowser(options: { permission?: NotificationPermission; subscribeError?: Error } = {}) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const pushManager = {
    subscribe: vi.fn(async () => {
      if (options.subscribeError) throw options.subscribeError;
      current = { endpoint: SUBSCRIPTION_JSON.endpoint, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => ((current = null), true)) };
      return current;
    }),
    getSubscription: vi.fn(async () => current),
  };
  const registration = { pushManager };
  const container = { register: vi.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => options.permission ?? 'granted') });
  return { pushManager, container };
}

/** The server: status, register, unregister and test answer as the contract says; every call is recorded. */
function fakeServer(status: { hasPublicKey: boolean; publicKey?: string }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://cui.test').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/notifications/status') return Response.json(status);
      if (path.startsWith('/api/notifications/')) return Response.json({ success: true });
      return Response.json({ error: 'not here', code: 'route.not_found' }, { status: 404 });
    }),
  );
  return calls;
}

const config = (enabled: boolean): PublicConfig => ({
  interface: { ...CONFIG_SECTIONS.interface.defaults, notifications: { enabled } },
  router: CONFIG_SECTIONS.router.defaults,
  gemini: CONFIG_SECTIONS.gemini.defaults,
});

function renderTab(enabled: boolean) {
  stubConfigFetch({ load: async () => config(enabled), update: async () => config(enabled) });
  render(
    <AppProviders>
      <SettingsDialog open onOpenChange={() => undefined} tabs={[notificationsTab]} />
    </AppProviders>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Notifications › Web Push', () => {
  it('shows the VAPID note and keeps Enable and Send Test disabled while notifications are off', async () => {
    fakeBrowser();
    fakeServer({ hasPublicKey: false });
    renderTab(false);
    expect(await screen.findByText(VAPID_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toBeDisabled();
  });

  it('subscribes with the server key, registers the subscription, sends a test whose message goes after 3 s, and disables', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const browser = fakeBrowser();
    const calls = fakeServer({ hasPublicKey: true, publicKey: PUBLIC_KEY });
    renderTab(true);
    const enable = await screen.findByRole('button', { name: 'Enable' });
    await vi.waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    expect(await screen.findByText('Status: Subscribed on this device')).toBeInTheDocument();
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { type: 'module', scope: '/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: PUBLIC_KEY });
    expect(calls).toContainEqual({ path: '/api/notifications/register', body: SUBSCRIPTION_JSON });
    expect(screen.queryByText(VAPID_NOTE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Test Notification' }));
    expect(await screen.findByText(TEST_SENT)).toBeInTheDocument();
    expect(calls).toContainEqual({ path: '/api/notifications/test', body: {} });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByText(TEST_SENT)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(TEST_SENT)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Status: Not subscribed on this device')).toBeInTheDocument();
    expect(calls).toContainEqual({ path: '/api/notifications/unregister', body: { endpoint: SUBSCRIPTION_JSON.endpoint } });
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toBeDisabled();
  });

  it("shows 'Failed to enable Web Push' with the reason when the permission is denied", async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser({ permission: 'denied' });
    fakeServer({ hasPublicKey: true, publicKey: PUBLIC_KEY });
    renderTab(true);
    const enable = await screen.findByRole('button', { name: 'Enable' });
    await vi.waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to enable Web Push');
    expect(alert).toHaveTextContent(WEB_PUSH_ERRORS.denied);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('names a missing service worker, an insecure page and a key problem as spec §8 says', async () => {
    const user = userEvent.setup();
    fakeServer({ hasPublicKey: true, publicKey: PUBLIC_KEY });
    vi.stubGlobal('isSecureContext', true);
    renderTab(true);
    const enable = await screen.findByRole('button', { name: 'Enable' });
    await vi.waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    expect(await screen.findByRole('alert')).toHaveTextContent(WEB_PUSH_ERRORS.serviceWorker);

    expect(enableErrorMessage(new DOMException("Failed to execute 'subscribe': invalid applicationServerKey", 'InvalidAccessError'))).toBe(WEB_PUSH_ERRORS.vapid);
    expect(enableErrorMessage(new Error('Registration failed'))).toBe('Registration failed');
    expect(enableErrorMessage('?')).toBe(WEB_PUSH_ERRORS.fallback);
  });
});
