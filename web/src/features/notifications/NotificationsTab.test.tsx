import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type ConfigUpdate, type PublicConfig, type SystemStatus } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { stubConfigFetch } from '@/test-fixtures/config-fetch';
import { SettingsDialog } from '@/features/settings';
import { PUBLIC_NTFY_WARNING } from './NtfySection';
import { notificationsTab } from './notifications-tab';

const STATUS: SystemStatus = { claudeVersion: '2.1.330', claudePath: '/x/claude', configPath: '/x/config.json', activeConversations: 0, machineId: 'desk-0123456789abcdef', demoMode: false, homeDirectory: '/home/ann', router: { state: 'off' }, claudeAuth: { method: 'api-key', source: 'ANTHROPIC_API_KEY' } };

function configWith(notifications: PublicConfig['interface']['notifications']): PublicConfig {
  return { interface: { ...CONFIG_SECTIONS.interface.defaults, notifications }, router: CONFIG_SECTIONS.router.defaults, gemini: CONFIG_SECTIONS.gemini.defaults, terminal: CONFIG_SECTIONS.terminal.defaults };
}

/** A config API that applies each update to its copy, like the server's merge for these flat fields. */
function configApi(initial: PublicConfig) {
  let current = initial;
  const update = vi.fn(async (patch: ConfigUpdate) => {
    const next: Record<string, unknown> = { ...current.interface.notifications, ...patch.interface?.notifications };
    for (const [key, value] of Object.entries(next)) if (value === '' || value === null) delete next[key];
    current = configWith(next as PublicConfig['interface']['notifications']);
    return current;
  });
  return { load: vi.fn(async () => current), update };
}

let releaseStatus: () => void = () => undefined;
beforeEach(() => {
  // The status answers when the test says so: 'Loading...' can be seen first.
  const gate = new Promise<void>((resolve) => (releaseStatus = resolve));
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => (await gate, Response.json(STATUS))));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderTab(initial: PublicConfig) {
  const api = configApi(initial);
  stubConfigFetch(api);
  render(
    <AppProviders>
      <SettingsDialog open onOpenChange={() => undefined} tabs={[notificationsTab]} />
    </AppProviders>,
  );
  return api;
}

describe('Notifications tab', () => {
  it("shows the topic 'cui-' + machine id, 'Loading...' until the status arrives", async () => {
    renderTab(configWith({ enabled: false }));
    const topic = screen.getByRole('textbox', { name: 'Topic' });
    expect(topic).toHaveValue('Loading...');
    expect(topic).toHaveAttribute('readonly');
    releaseStatus();
    await vi.waitFor(() => expect(topic).toHaveValue('cui-desk-0123456789abcdef'));
  });

  it('turns notifications on and off with the master switch', async () => {
    const user = userEvent.setup();
    const api = renderTab(configWith({ enabled: false }));
    const toggle = await screen.findByRole('switch', { name: 'Push Notifications' });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(api.update).toHaveBeenLastCalledWith({ interface: { notifications: { enabled: true } } });
    await vi.waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(api.update).toHaveBeenLastCalledWith({ interface: { notifications: { enabled: false } } });
  });

  it('saves the Ntfy Server URL (a url field, ntfy.sh as placeholder) on Enter, and an emptied field unsets it', async () => {
    const user = userEvent.setup();
    const api = renderTab(configWith({ enabled: true }));
    const field = await screen.findByLabelText('Ntfy Server URL');
    expect(field).toHaveAttribute('type', 'url');
    expect(field).toHaveAttribute('placeholder', 'https://ntfy.sh');
    await user.type(field, 'https://ntfy.example.com{Enter}');
    expect(api.update).toHaveBeenLastCalledWith({ interface: { notifications: { ntfyUrl: 'https://ntfy.example.com' } } });
    await user.clear(field);
    await user.tab();
    expect(api.update).toHaveBeenLastCalledWith({ interface: { notifications: { ntfyUrl: '' } } });
    expect(api.update).toHaveBeenCalledTimes(2);
  });

  it('does not save an unchanged field when it loses focus', async () => {
    const user = userEvent.setup();
    const api = renderTab(configWith({ enabled: true, ntfyUrl: 'https://ntfy.example.com' }));
    const field = await screen.findByLabelText('Ntfy Server URL');
    expect(field).toHaveValue('https://ntfy.example.com');
    await user.click(field);
    await user.tab();
    expect(api.update).not.toHaveBeenCalled();
  });

  it('warns that the public ntfy.sh lets anyone with the topic read, and not for an own server', async () => {
    const user = userEvent.setup();
    renderTab(configWith({ enabled: true }));
    expect(await screen.findByRole('note')).toHaveTextContent(PUBLIC_NTFY_WARNING);
    await user.type(screen.getByLabelText('Ntfy Server URL'), 'https://ntfy.example.com{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });

  it("says 'Saved' next to a URL field once it is stored (Public URL, Ntfy Server URL), until the user types again", async () => {
    const user = userEvent.setup();
    renderTab(configWith({ enabled: true }));
    const publicUrl = await screen.findByLabelText('Public URL');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    await user.type(publicUrl, 'https://cui.example.com{Enter}');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(publicUrl).toHaveAccessibleDescription(expect.stringContaining('Saved'));
    await user.type(publicUrl, '/x');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    const ntfyUrl = screen.getByLabelText('Ntfy Server URL');
    await user.type(ntfyUrl, 'https://ntfy.example.com');
    await user.tab();
    await vi.waitFor(() => expect(ntfyUrl).toHaveAccessibleDescription('Saved'));
  });

  it("does not say 'Saved' when storing failed", async () => {
    const user = userEvent.setup();
    const api = renderTab(configWith({ enabled: true }));
    api.update.mockRejectedValueOnce(new Error('disk full'));
    await user.type(await screen.findByLabelText('Public URL'), 'https://cui.example.com{Enter}');
    expect(await screen.findByText('Failed to update preferences')).toBeInTheDocument();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('saves the public URL that notifications link to', async () => {
    const user = userEvent.setup();
    const api = renderTab(configWith({ enabled: true }));
    await user.type(await screen.findByLabelText('Public URL'), 'https://cui.example.com{Enter}');
    expect(api.update).toHaveBeenLastCalledWith({ interface: { notifications: { publicUrl: 'https://cui.example.com' } } });
  });
});
