import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type ConfigUpdate, type PublicConfig } from '@cui/contract';
import { storeProviders } from './provider-rules';
import { openModelProviderTab } from '@/test-fixtures/provider-tab';

const ALPHA = { name: 'alpha', api_base_url: 'http://a/v1/chat/completions', api_key: '••••••••1234', models: ['a-1'], transformer: { use: ['openrouter'] } };
const REFUSAL = 'router.providers.1.api_base_url: the API Base URL of provider "beta" must be an http(s) URL ("not a url" is not one)';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Model Provider tab: what the server refuses (issue 29.15)', () => {
  it("shows the server's message naming the field when a save is refused, and clears it once a save goes through", async () => {
    let config: PublicConfig = { interface: CONFIG_SECTIONS.interface.defaults, router: { ...CONFIG_SECTIONS.router.defaults, providers: [ALPHA] }, gemini: {}, terminal: CONFIG_SECTIONS.terminal.defaults };
    const user = await openModelProviderTab({
      load: async () => config,
      update: async (patch: ConfigUpdate) => {
        const providers = (patch.router as PublicConfig['router']).providers;
        if (providers.some((provider) => provider.api_base_url === 'not a url')) throw new Error(REFUSAL);
        config = { ...config, router: { ...config.router, providers } };
        return config;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Provider' }));
    const form = screen.getByTestId('provider-form');
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'beta');
    await user.type(within(form).getByRole('textbox', { name: 'API Base URL' }), 'not a url');
    await user.type(within(form).getByRole('textbox', { name: 'Models (one per line)' }), 'b-1');
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));
    expect(await screen.findByText(REFUSAL)).toHaveAttribute('role', 'alert');

    await user.click(screen.getByRole('button', { name: 'Edit beta' }));
    const again = screen.getByTestId('provider-form');
    await user.clear(within(again).getByRole('textbox', { name: 'API Base URL' }));
    await user.type(within(again).getByRole('textbox', { name: 'API Base URL' }), 'https://b.example/v1');
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));
    await vi.waitFor(() => expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument());
  });
});

describe('storeProviders', () => {
  const beta = { ...ALPHA, name: 'beta' };

  it('drops the rules naming a deleted provider, and turns the router off when the default rule goes', () => {
    expect(storeProviders({ enabled: true, rules: { default: 'alpha,a-1', think: 'beta,b' } }, [beta])).toEqual({ providers: [beta], rules: { think: 'beta,b' }, enabled: false });
    expect(storeProviders({ enabled: true, rules: { default: 'beta,b', think: 'alpha,a-1' } }, [beta])).toEqual({ providers: [beta], rules: { default: 'beta,b' } });
    expect(storeProviders({ enabled: true, rules: { default: 'alpha,a-1' } }, [ALPHA, beta])).toEqual({ providers: [ALPHA, beta] });
  });
});
