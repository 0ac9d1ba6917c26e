import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type ConfigUpdate, type PublicConfig, type SystemStatus } from '@cui/contract';
import { openModelProviderTab } from '@/test-fixtures/provider-tab';

const EXISTING = { name: 'alpha', api_base_url: 'http://a/v1/chat/completions', api_key: '••••••••1234', models: ['a-1', 'a-2'], transformer: { use: ['openrouter'] } };

function configWith(router: Partial<PublicConfig['router']>): PublicConfig {
  return { interface: CONFIG_SECTIONS.interface.defaults, router: { ...CONFIG_SECTIONS.router.defaults, ...router }, gemini: {}, terminal: CONFIG_SECTIONS.terminal.defaults };
}

/** A config API that applies each router patch (shallowly, like the server's merge for these fields). */
function fakeApi(initial: PublicConfig) {
  let config = initial;
  const updates: ConfigUpdate[] = [];
  return {
    updates,
    api: {
      load: vi.fn(async () => config),
      update: vi.fn(async (patch: ConfigUpdate) => {
        updates.push(patch);
        config = { ...config, router: { ...config.router, ...(patch.router as Partial<PublicConfig['router']>) } };
        return config;
      }),
    },
  };
}

async function openProviderTab(initial: PublicConfig, router: SystemStatus['router'] = { state: 'off' }) {
  const fake = fakeApi(initial);
  const user = await openModelProviderTab(fake.api, router);
  return { ...fake, user };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Model Provider tab', () => {
  it('adds provider-N, locks the others while it is edited, and saves it trimmed', async () => {
    const { user, updates } = await openProviderTab(configWith({ providers: [EXISTING] }));
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    const form = screen.getByTestId('provider-form');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('provider-2');
    expect(within(form).getByRole('combobox', { name: 'Transformer' })).toHaveValue('openrouter');
    expect(screen.getByRole('button', { name: 'Edit alpha' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete alpha' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Provider' })).toBeDisabled();

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), '  beta  ');
    await user.type(within(form).getByRole('textbox', { name: 'API Base URL' }), ' http://b/v1/chat/completions ');
    await user.type(within(form).getByLabelText('API Key'), ' sk-b ');
    await user.type(within(form).getByRole('textbox', { name: 'Models (one per line)' }), ' b-1 {Enter}{Enter} b-2 ');
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));

    expect(screen.queryByTestId('provider-form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Provider' })).toBeEnabled();
    expect(updates.at(-1)).toEqual({
      router: { providers: [EXISTING, { name: 'beta', api_base_url: 'http://b/v1/chat/completions', api_key: 'sk-b', models: ['b-1', 'b-2'], transformer: { use: ['openrouter'] } }] },
    });
  });

  it("offers the router's transformers as choices, 'none' for a plain OpenAI-compatible endpoint, and saves the choice", async () => {
    const { user, updates } = await openProviderTab(configWith({ providers: [EXISTING] }));
    await user.click(screen.getByRole('button', { name: 'Edit alpha' }));
    const form = screen.getByTestId('provider-form');
    const transformer = within(form).getByRole('combobox', { name: 'Transformer' });
    const options = within(transformer).getAllByRole('option').map((option) => option.textContent);
    expect(options[0]).toBe('none (plain OpenAI-compatible endpoint)');
    expect(options).toEqual(expect.arrayContaining(['openrouter', 'deepseek', 'gemini', 'groq', 'maxtoken', 'Custom list (JSON)...']));
    expect(within(form).queryByRole('textbox', { name: 'Transformer' })).not.toBeInTheDocument();
    await user.selectOptions(transformer, 'none');
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));
    expect(updates.at(-1)).toEqual({ router: { providers: [{ ...EXISTING, transformer: { use: [] } }] } });
    await user.click(screen.getByRole('button', { name: 'Edit alpha' }));
    await user.selectOptions(within(screen.getByTestId('provider-form')).getByRole('combobox', { name: 'Transformer' }), 'deepseek');
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));
    expect(updates.at(-1)).toEqual({ router: { providers: [{ ...EXISTING, transformer: { use: ['deepseek'] } }] } });
  });

  it('takes a custom transformer list as JSON with its format shown, and refuses one it cannot use with a clear message', async () => {
    const { user, updates } = await openProviderTab(configWith({ providers: [EXISTING] }));
    await user.click(screen.getByRole('button', { name: 'Edit alpha' }));
    const form = screen.getByTestId('provider-form');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Transformer' }), 'custom');
    const list = within(form).getByRole('textbox', { name: 'Transformer list (JSON)' });
    expect(list).toHaveAccessibleDescription(expect.stringContaining('["deepseek", ["maxtoken", {"max_tokens": 16384}]]'));
    await user.clear(list);
    await user.paste('["openroute"]');
    expect(within(form).getByRole('alert')).toHaveTextContent("Unknown transformer 'openroute'");
    expect(screen.getByRole('button', { name: 'Save Provider' })).toBeDisabled();
    await user.clear(list);
    await user.paste('["deepseek", ["maxtoken", {"max_tokens": 16384}]]');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Provider' }));
    expect(updates.at(-1)).toEqual({ router: { providers: [{ ...EXISTING, transformer: { use: ['deepseek', ['maxtoken', { max_tokens: 16384 }]] } }] } });
  });

  it('choosing a provider enables the router with its first model; the model select changes the rule; Claude Pro/Max disables it', async () => {
    const { user, updates } = await openProviderTab(configWith({ providers: [EXISTING, { ...EXISTING, name: '' }] }));
    const active = screen.getByRole('combobox', { name: 'Active Provider' });
    expect(within(active).getAllByRole('option').map((option) => option.textContent)).toEqual(['Claude Pro/Max', 'alpha']);

    await user.selectOptions(active, 'alpha');
    expect(updates.at(-1)?.router).toMatchObject({ enabled: true, rules: { default: 'alpha,a-1' } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Model' }), 'a-2');
    expect(updates.at(-1)?.router).toMatchObject({ enabled: true, rules: { default: 'alpha,a-2' } });
    expect(screen.getByText(/estimates at Claude prices/)).toBeInTheDocument();

    await user.selectOptions(active, 'claude-pro');
    expect(updates.at(-1)).toEqual({ router: { enabled: false } });
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
  });

  it("reports a router that is not running, with the reason", async () => {
    await openProviderTab(configWith({ enabled: true, providers: [EXISTING], rules: { default: 'alpha,a-1' } }), { state: 'failed', port: 4100, error: 'the router process exited (SIGKILL)' });
    expect(await screen.findByRole('status')).toHaveTextContent('Router not running: the router process exited (SIGKILL)');
  });

  it('stays in JSON mode while the JSON is invalid, and takes a valid list back to the UI', async () => {
    const { user } = await openProviderTab(configWith({ providers: [EXISTING] }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Providers JSON' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual([EXISTING]);

    await user.clear(json);
    await user.click(json);
    await user.paste('[{"name": ');
    await user.click(screen.getByRole('button', { name: 'UI' }));
    expect(screen.getByRole('textbox', { name: 'Providers JSON' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();

    await user.clear(json);
    await user.click(json);
    await user.paste(JSON.stringify([{ ...EXISTING, name: 'gamma' }]));
    await user.click(screen.getByRole('button', { name: 'UI' }));
    expect(screen.getByRole('button', { name: 'Edit gamma' })).toBeInTheDocument();
  });

  it('autosaves a non-empty provider list when the tab is left, and nothing when it is empty', async () => {
    const { user, updates } = await openProviderTab(configWith({ providers: [EXISTING] }));
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(updates).toEqual([{ router: { providers: [EXISTING] } }]);

    await user.click(screen.getByRole('tab', { name: 'Model Provider' }));
    await user.click(await screen.findByRole('button', { name: 'Delete alpha' }));
    expect(updates.at(-1)).toEqual({ router: { providers: [] } });
    const count = updates.length;
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(updates.length).toBe(count);
  });
});
