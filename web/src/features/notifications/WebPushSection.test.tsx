import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type ConfigUpdate, type PublicConfig, type TestNotificationResponse, type WebPushStatus } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { stubConfigFetch } from '@/test-fixtures/config-fetch';
import { SettingsDialog } from '@/features/settings';
import { notificationsTab } from './notifications-tab';
import { ENABLE_TIMEOUT_MS, TEST_SENT } from './use-web-push';
import { VAPID_NOTE } from './WebPushSection';
import { WEB_PUSH_ERRORS, enableErrorMessage } from '@/app/web-push';

const PUBLIC_KEY = 'B'.repeat(87);
const SUBSCRIPTION_JSON = { endpoint: 'https://push.example.com/sub/1', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser with a service worker and push, whose subscribe/unsubscribe the test observes; `hang`: no push service answers. */
function fakeBrowser(options: { permission?: NotificationPermission; subscribeError?: Error; hang?: boolean } = {}) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const pushManager = {
    subscribe: vi.fn(async () => {
      if (options.hang) await new Promise(() => undefined);
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
function fakeServer(status: WebPushStatus | (() => WebPushStatus), test: TestNotificationResponse = { success: true, channels: [{ channel: 'ntfy', sent: true }, { channel: 'webpush', sent: true }] }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://cui.test').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/notifications/status') return Response.json(typeof status === 'function' ? status() : status);
      if (path === '/api/notifications/test') return Response.json(test);
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
  terminal: CONFIG_SECTIONS.terminal.defaults,
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
    const sent = `${TEST_SENT} via ntfy and Web Push`;
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(calls).toContainEqual({ path: '/api/notifications/test', body: {} });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByText(sent)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(sent)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Status: Not subscribed on this device')).toBeInTheDocument();
    expect(calls).toContainEqual({ path: '/api/notifications/unregister', body: { endpoint: SUBSCRIPTION_JSON.endpoint } });
    // ntfy still gets a test without web push in this browser.
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toBeEnabled();
  });

  it('hides the VAPID note once the server has a key: after notifications are turned on (the server makes the key then)', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    let enabled = false;
    fakeServer(() => (enabled ? { hasPublicKey: true, publicKey: PUBLIC_KEY } : { hasPublicKey: false }));
    stubConfigFetch({
      load: async () => config(enabled),
      update: async (patch: ConfigUpdate) => ((enabled = patch.interface?.notifications?.enabled ?? enabled), config(enabled)),
    });
    render(
      <AppProviders>
        <SettingsDialog open onOpenChange={() => undefined} tabs={[notificationsTab]} />
      </AppProviders>,
    );
    expect(await screen.findByText(VAPID_NOTE)).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Push Notifications' });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await vi.waitFor(() => expect(screen.queryByText(VAPID_NOTE)).not.toBeInTheDocument());
  });

  it('tests ntfy without web push in this browser, and says which channels were sent and which failed', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({ hasPublicKey: true, publicKey: PUBLIC_KEY }, { success: true, channels: [{ channel: 'ntfy', sent: true }] });
    renderTab(true);
    const test = await screen.findByRole('button', { name: 'Send Test Notification' });
    await vi.waitFor(() => expect(test).toBeEnabled());
    expect(screen.getByText('Status: Not subscribed on this device')).toBeInTheDocument();
    await user.click(test);
    expect(await screen.findByText(`${TEST_SENT} via ntfy`)).toBeInTheDocument();
    expect(calls).toContainEqual({ path: '/api/notifications/test', body: {} });
  });

  it('names a channel that failed the test with its reason', async () => {
    const user = userEvent.setup();
    fakeServer(
      { hasPublicKey: true, publicKey: PUBLIC_KEY },
      { success: false, channels: [{ channel: 'ntfy', sent: false, error: 'ntfy answered 500' }, { channel: 'webpush', sent: true }] },
    );
    renderTab(true);
    const test = await screen.findByRole('button', { name: 'Send Test Notification' });
    await vi.waitFor(() => expect(test).toBeEnabled());
    await user.click(test);
    expect(await screen.findByText(`${TEST_SENT} via Web Push; not sent via ntfy (ntfy answered 500)`)).toBeInTheDocument();
  });

  it('stops waiting for a push service that never answers, says why, and lets Enable be tried again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeBrowser({ hang: true });
    fakeServer({ hasPublicKey: true, publicKey: PUBLIC_KEY });
    renderTab(true);
    const enable = await screen.findByRole('button', { name: 'Enable' });
    await vi.waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    await vi.waitFor(() => expect(enable).toBeDisabled());
    await act(() => vi.advanceTimersByTimeAsync(ENABLE_TIMEOUT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to enable Web Push');
    expect(alert).toHaveTextContent(WEB_PUSH_ERRORS.timeout);
    expect(enable).toBeEnabled();
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
