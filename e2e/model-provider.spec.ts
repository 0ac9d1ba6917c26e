import type { PublicConfig } from '@cui/contract';
import { startFakeOpenAI, type FakeOpenAI } from '../server/test/fake-openai/index';
import { makeRepo, startRun } from './conversation-helpers';
import { expect, test, type Cui } from './fixtures';

/** Settings › Model Provider (spec §2/§4/§5) with the real router child and a fake OpenAI-compatible provider. */

const ALPHA = { name: 'alpha', api_base_url: 'http://127.0.0.1:9/v1/chat/completions', api_key: 'sk-alpha', models: ['a-1'], transformer: { use: ['openrouter'] } };

let provider: FakeOpenAI;
test.beforeAll(async () => {
  provider = await startFakeOpenAI();
});
test.afterAll(async () => {
  await provider.close();
});
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

const readConfig = async (cui: Cui): Promise<PublicConfig> => (await (await cui.api('/api/config')).json()) as PublicConfig;

test('add and edit a provider while the others are locked, the JSON/UI toggle, choose it, autosave on leaving, and a routed run', async ({ loggedInPage: page, cui }) => {
  await cui.api('/api/config', { method: 'PUT', body: JSON.stringify({ router: { providers: [ALPHA] } }) });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Model Provider' }).click();

  await dialog.getByRole('button', { name: 'Add Provider' }).click();
  const form = dialog.getByTestId('provider-form');
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('provider-2');
  await expect(dialog.getByRole('button', { name: 'Edit alpha' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Delete alpha' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add Provider' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Name' }).fill(' fakeai ');
  await form.getByRole('textbox', { name: 'API Base URL' }).fill(`${provider.url}/v1/chat/completions`);
  await form.getByLabel('API Key').fill('sk-e2e-provider');
  await form.getByRole('textbox', { name: 'Models (one per line)' }).fill('gpt-fake\n\n');
  await form.getByRole('button', { name: 'Save Provider' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit fakeai' })).toBeEnabled();
  await expect.poll(async () => (await readConfig(cui)).router.providers.map((p) => [p.name, p.models])).toEqual([['alpha', ['a-1']], ['fakeai', ['gpt-fake']]]);

  await dialog.getByRole('button', { name: 'JSON' }).click();
  const json = dialog.getByRole('textbox', { name: 'Providers JSON' });
  const valid = (await json.inputValue()).replace('"alpha"', '"alpha-renamed"');
  await json.fill('[{"name": ');
  await dialog.getByRole('button', { name: 'UI' }).click();
  await expect(json).toBeVisible();
  await json.fill(valid);
  await dialog.getByRole('button', { name: 'UI' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit alpha-renamed' })).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Active Provider' }).selectOption('fakeai');
  await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-fake');
  await expect.poll(async () => (await readConfig(cui)).router).toMatchObject({ enabled: true, rules: { default: 'fakeai,gpt-fake' } });

  await dialog.getByRole('tab', { name: 'General' }).click();
  await expect.poll(async () => (await readConfig(cui)).router.providers.map((p) => p.name)).toEqual(['alpha-renamed', 'fakeai']);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect.poll(async () => ((await (await cui.api('/api/system/status')).json()) as { router: { state: string } }).router.state, { timeout: 30_000 }).toBe('running');
  const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: 'hello routed world' });
  await page.goto(`/c/${run.sessionId}`);
  await expect(page.getByText('Routed echo: hello routed world').first()).toBeVisible({ timeout: 30_000 });
  expect(provider.requests.some((request) => request.authorization === 'Bearer sk-e2e-provider' && request.model === 'gpt-fake')).toBe(true);
});
