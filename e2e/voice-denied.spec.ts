import { MIC_MESSAGES } from '../web/src/features/composer/voice/voice-constants';
import { expect, test as base } from './fixtures';

/**
 * A microphone the user refuses (spec §8). Its own browser: the voice-input spec's auto-accepting fake UI would grant
 * it. Here Chromium has a fake device but no permission, so getUserMedia is refused as a user's 'Block' would.
 */
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream'] });
    },
    { scope: 'worker' },
  ],
});

test('a denied microphone shows the §8 message and leaves the composer ready', async ({ loggedInPage: page, pageErrors }) => {
  const task = page.getByRole('combobox', { name: 'Task' });
  await task.fill('unchanged');
  await page.getByRole('button', { name: 'Voice input' }).click();
  await expect(page.getByRole('status').filter({ hasText: MIC_MESSAGES.denied })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voice input' })).toBeEnabled();
  await expect(task).toHaveValue('unchanged');
  expect(pageErrors).toEqual([]);
});
