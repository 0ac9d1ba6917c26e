import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, MASKED_SECRET_PREFIX, type ConfigUpdate, type PublicConfig, type VoiceHealth } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { SettingsDialog } from '@/features/settings';
import { stubConfigFetch } from '@/test-fixtures/config-fetch';

const HEALTHY: VoiceHealth = { status: 'healthy', message: 'Gemini API is accessible', apiKeyValid: true };
const NO_KEY: VoiceHealth = { status: 'unhealthy', message: 'Gemini API key not configured', apiKeyValid: false };

/**
 * Answers /api/gemini/health from `answers` in turn (the last one repeats); a number is a failed call's status,
 * 'offline' a call that never reaches the server (fetch rejects, as it does with no network).
 */
async function openVoiceTab(answers: (VoiceHealth | number | 'offline')[], gemini: PublicConfig['gemini'] = {}) {
  const health = vi.fn<typeof fetch>(async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return typeof answer === 'number' ? Response.json({ error: 'down', code: 'internal' }, { status: answer }) : Response.json(answer);
  });
  vi.stubGlobal('fetch', health);
  let config: PublicConfig = { interface: CONFIG_SECTIONS.interface.defaults, router: CONFIG_SECTIONS.router.defaults, gemini, terminal: CONFIG_SECTIONS.terminal.defaults };
  const updates: ConfigUpdate[] = [];
  stubConfigFetch({
    load: async () => config,
    update: async (patch) => {
      updates.push(patch);
      const apiKey = patch.gemini?.apiKey;
      config = { ...config, gemini: apiKey ? { apiKey: `${MASKED_SECRET_PREFIX}${apiKey.slice(-4)}` } : {} };
      return config;
    },
  });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SettingsDialog open onOpenChange={vi.fn()} />
    </AppProviders>,
  );
  await user.click(screen.getByRole('tab', { name: 'Voice Input' }));
  return { user, updates, health, panel: screen.getByRole('tabpanel') };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Voice Input tab', () => {
  it("shows the provider's status and the privacy note, and Check Status shows 'Success' when healthy", async () => {
    const { user, panel, health } = await openVoiceTab([HEALTHY]);
    expect(await within(panel).findByText('Gemini API is accessible')).toBeInTheDocument();
    expect(within(panel).getByText(/sent to Google's Gemini API/)).toHaveTextContent(/free tier.*HTTPS/);
    expect(within(panel).queryByText('To set up voice input:')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Check Status' }));
    expect(await within(panel).findByText('Success')).toBeInTheDocument();
    expect(health.mock.calls.filter(([url]) => String(url).endsWith('/api/gemini/health'))).toHaveLength(2);
  });

  it("shows 'Error' and the setup instructions when unhealthy", async () => {
    const { user, panel } = await openVoiceTab([NO_KEY]);
    expect(await within(panel).findByText('Gemini API key not configured')).toBeInTheDocument();
    expect(within(panel).getByText('To set up voice input:')).toBeInTheDocument();
    expect(within(panel).getByText('GOOGLE_API_KEY')).toBeInTheDocument();
    expect(within(panel).getByText('gemini.apiKey')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Check Status' }));
    expect(await within(panel).findByText('Error')).toBeInTheDocument();
  });

  it("says 'Failed to fetch status' when the health call fails", async () => {
    const { panel } = await openVoiceTab([500]);
    expect(await within(panel).findByText('Failed to fetch status')).toBeInTheDocument();
    expect(within(panel).getByText('To set up voice input:')).toBeInTheDocument();
  });

  it.each([
    ['a 500', 500],
    ['no network', 'offline'],
  ] as const)("shows a failing re-check's own result after a success (%s): 'Error' and 'Failed to fetch status', never the stale 'Success'", async (_name, failure) => {
    const { user, panel } = await openVoiceTab([HEALTHY, HEALTHY, failure]);
    await within(panel).findByText('Gemini API is accessible');
    await user.click(within(panel).getByRole('button', { name: 'Check Status' }));
    expect(await within(panel).findByText('Success')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Check Status' }));
    expect(await within(panel).findByText('Error')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Voice status')).toHaveTextContent('Failed to fetch status');
    expect(within(panel).queryByText('Success')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Gemini API is accessible')).not.toBeInTheDocument();
  });

  it('stores an entered key, shows it masked, and checks the status again', async () => {
    const { user, panel, updates } = await openVoiceTab([NO_KEY, HEALTHY]);
    await within(panel).findByText('Gemini API key not configured');
    await user.type(within(panel).getByLabelText('Gemini API key'), 'AIzaNewKey-9876');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(updates).toEqual([{ gemini: { apiKey: 'AIzaNewKey-9876' } }]);
    expect(await within(panel).findByText('Success')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Gemini API key')).toHaveValue('');
    expect(within(panel).getByLabelText('Gemini API key')).toHaveAttribute('placeholder', `${MASKED_SECRET_PREFIX}9876`);
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    expect(updates.at(-1)).toEqual({ gemini: { apiKey: null } });
  });
});
