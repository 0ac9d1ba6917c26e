import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type PublicConfig } from '@cui/contract';
import { stubConfigFetch, type ConfigApi } from '@/test-fixtures/config-fetch';
import { ConfigProvider } from '@/features/config';
import { TerminalSection } from './TerminalSection';

const CONFIG: PublicConfig = { interface: CONFIG_SECTIONS.interface.defaults, router: CONFIG_SECTIONS.router.defaults, gemini: CONFIG_SECTIONS.gemini.defaults, terminal: CONFIG_SECTIONS.terminal.defaults };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TerminalSection', () => {
  it('is off by default, warns that a terminal is a full shell, and turns terminals on beyond loopback', async () => {
    const api: ConfigApi = { load: async () => CONFIG, update: vi.fn(async () => ({ ...CONFIG, terminal: { ...CONFIG.terminal, allowRemote: true } })) };
    stubConfigFetch(api);
    render(
      <ConfigProvider>
        <TerminalSection />
      </ConfigProvider>,
    );
    const box = await screen.findByRole('checkbox', { name: 'Terminals when cui listens beyond this machine' });
    await vi.waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(screen.getByText(/A terminal is a full shell as this user/)).toBeInTheDocument();
    await userEvent.click(box);
    expect(api.update).toHaveBeenCalledWith({ terminal: { allowRemote: true } });
    await vi.waitFor(() => expect(box).toBeChecked());
  });
});
