import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type PublicConfig } from '@cui/contract';
import { ThemeProvider, type ThemeEnvironment } from '@/app/theme';
import { stubConfigFetch, type ConfigApi } from '@/test-fixtures/config-fetch';
import { ConfigProvider } from '@/features/config';
import { ThemeSection } from './ThemeSection';

const CONFIG: PublicConfig = { interface: CONFIG_SECTIONS.interface.defaults, router: CONFIG_SECTIONS.router.defaults, gemini: CONFIG_SECTIONS.gemini.defaults, terminal: CONFIG_SECTIONS.terminal.defaults };

function renderSection(update: ConfigApi['update']) {
  const root = document.createElement('html');
  const environment: ThemeEnvironment = { storage: localStorage, matchMedia: window.matchMedia, root };
  const api: ConfigApi = { load: async () => CONFIG, update: vi.fn(update) };
  stubConfigFetch(api);
  render(
    <ThemeProvider environment={environment}>
      <ConfigProvider>
        <ThemeSection />
      </ConfigProvider>
    </ThemeProvider>,
  );
  return { root, api };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ThemeSection', () => {
  it('offers Light, Dark and System, showing the stored choice', () => {
    localStorage.setItem('cui-theme', 'light');
    renderSection(async () => CONFIG);
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('light');
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual(['Light', 'Dark', 'System']);
  });

  it('applies a choice live, stores it under cui-theme and mirrors it into the config', async () => {
    const user = userEvent.setup();
    const { root, api } = renderSection(async () => CONFIG);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.theme).toBe('dark');
    expect(localStorage.getItem('cui-theme')).toBe('dark');
    expect(api.update).toHaveBeenCalledWith({ interface: { colorScheme: 'dark' } });
  });

  it('keeps the chosen theme applied when the config update fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { root, api } = renderSection(() => Promise.reject(new Error('HTTP 500')));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Dark');
    await vi.waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(root.dataset.theme).toBe('dark');
  });
});
