import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemStatus } from '@cui/contract';
import { AppLayout } from './AppLayout';
import { AppProviders } from './providers';
import { SystemStatusProvider } from './system-status';

function status(demoMode: boolean): SystemStatus {
  return { claudeVersion: '2.1.330', claudePath: '/x/claude', configPath: '/x/config.json', activeConversations: 0, machineId: 'm', demoMode, homeDirectory: '/home/ann', router: { state: 'off' }, claudeAuth: { method: 'api-key', source: 'ANTHROPIC_API_KEY' } };
}

function renderLayout(demoMode: boolean) {
  // A fresh body per call: the header's inbox reads its own stream (an empty list: no indicator).
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(async (input) =>
    String(input) === '/api/permissions/waiting' ? new Response('{"type":"waiting","permissions":[]}\n') : Response.json(status(demoMode)),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders>
      <SystemStatusProvider>
        <MemoryRouter>
          <AppLayout actions={<button type="button">Page action</button>}>
            <p>page body</p>
          </AppLayout>
        </MemoryRouter>
      </SystemStatusProvider>
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('AppLayout', () => {
  it("shows the 'cui' home link, the header actions, the settings button, the theme toggle and the page", async () => {
    const fetchMock = renderLayout(false);
    expect(screen.getByRole('link', { name: 'cui' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Page action' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme: System' })).toBeInTheDocument();
    expect(screen.getByText('page body')).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/system/status', expect.anything()));
    expect(screen.queryByText(/Demo mode/)).not.toBeInTheDocument();
  });

  it('useSystemStatus outside its provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <AppProviders>
          <MemoryRouter>
            <AppLayout>x</AppLayout>
          </MemoryRouter>
        </AppProviders>,
      ),
    ).toThrow('useSystemStatus must be used within a SystemStatusProvider');
    vi.restoreAllMocks();
  });

  it('shows the demo-mode badge when the server runs the scripted model', async () => {
    renderLayout(true);
    // The phrase's tail hides on a phone; the title keeps it whole.
    const badge = await screen.findByTitle('Demo mode — scripted model');
    expect(badge).toHaveTextContent('Demo mode — scripted model');
  });
});
