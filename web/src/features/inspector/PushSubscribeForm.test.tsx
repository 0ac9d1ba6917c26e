import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEFT_SECTIONS } from './inspector-sections';
import { RAW_PUSH_MESSAGES } from './PushSubscribeForm';

const PUBLIC_KEY = 'B'.repeat(87);
const SUBSCRIPTION = { endpoint: 'https://push.example.com/sub/1', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser with push (permission as given, no subscription yet) and a server whose status has the key or not. */
function fakeBrowserAndServer(options: { permission: NotificationPermission; publicKey?: string }) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const registration = {
    pushManager: {
      subscribe: vi.fn(async () => (current = { endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe: async () => ((current = null), true) })),
      getSubscription: async () => current,
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register: vi.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => options.permission) });
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://cui.test').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/notifications/status') return Response.json(options.publicKey ? { hasPublicKey: true, publicKey: options.publicKey } : { hasPublicKey: false });
      return Response.json({ success: true });
    }),
  );
  return { calls, subscribe: registration.pushManager.subscribe };
}

function renderLead() {
  const Lead = LEFT_SECTIONS.find((section) => section.title === 'Notifications')?.lead;
  if (!Lead) throw new Error('the Notifications section has no way to subscribe this browser');
  render(<Lead />);
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('raw JSON page › Notifications › this browser', () => {
  it("says 'Notification permission denied' when the browser refuses, and subscribes nothing", async () => {
    const browser = fakeBrowserAndServer({ permission: 'denied', publicKey: PUBLIC_KEY });
    const user = renderLead();
    await user.click(screen.getByRole('button', { name: 'Subscribe this browser' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RAW_PUSH_MESSAGES.denied);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it("says 'Server missing VAPID public key' when the server has no key", async () => {
    fakeBrowserAndServer({ permission: 'granted' });
    const user = renderLead();
    await user.click(screen.getByRole('button', { name: 'Subscribe this browser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server missing VAPID public key');
  });

  it("subscribes with the server's key and registers the subscription, then unsubscribes; with none left says 'No active subscription'", async () => {
    const browser = fakeBrowserAndServer({ permission: 'granted', publicKey: PUBLIC_KEY });
    const user = renderLead();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe this browser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No active subscription');

    await user.click(screen.getByRole('button', { name: 'Subscribe this browser' }));
    expect(await screen.findByRole('region', { name: 'Push subscription result' })).toHaveTextContent(SUBSCRIPTION.endpoint);
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: PUBLIC_KEY });
    expect(browser.calls).toContainEqual({ path: '/api/notifications/register', body: SUBSCRIPTION });

    await user.click(screen.getByRole('button', { name: 'Unsubscribe this browser' }));
    await vi.waitFor(() => expect(browser.calls).toContainEqual({ path: '/api/notifications/unregister', body: { endpoint: SUBSCRIPTION.endpoint } }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe this browser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No active subscription');
  });
});
