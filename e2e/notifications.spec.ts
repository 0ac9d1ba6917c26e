import type { NtfyMessage } from '../server/test/fake-ntfy/index';
import { startFakeNtfy, type FakeNtfy } from '../server/test/fake-ntfy/index';
import { makeRepo, startRun } from './conversation-helpers';
import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';

const PUBLIC_WARNING = 'This topic is on the public ntfy.sh server: anyone who learns the topic name can read these notifications.';

let ntfy: FakeNtfy;
test.beforeAll(async () => {
  ntfy = await startFakeNtfy();
});
test.afterAll(async () => {
  await ntfy.close();
});
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('Settings › Notifications', () => {
  test('shows the topic, turns notifications on, points them at an own ntfy server, and a finished run reaches it', async ({ loggedInPage: page, cui }) => {
    const { machineId } = (await (await cui.api('/api/system/status')).json()) as { machineId: string };
    const notifications = async () => ((await (await cui.api('/api/config')).json()) as { interface: { notifications: Record<string, unknown> } }).interface.notifications;

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Notifications' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Topic' })).toHaveValue(`cui-${machineId}`);
    await expect(dialog.getByRole('note')).toContainText(PUBLIC_WARNING);
    const server = dialog.getByLabel('Ntfy Server URL');
    await expect(server).toHaveAttribute('type', 'url');
    await expect(server).toHaveAttribute('placeholder', 'https://ntfy.sh');

    const toggle = dialog.getByRole('switch', { name: 'Push Notifications' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await server.fill(ntfy.url);
    await server.press('Enter');
    await expect(dialog.getByRole('note')).toBeHidden();
    await expect.poll(notifications).toEqual({ enabled: true, ntfyUrl: ntfy.url });
    await saveScreenshot(page, 'settings-notifications');

    const repo = makeRepo(cui.dirs, 'notified');
    await startRun(cui, { workingDirectory: repo, initialPrompt: 'hello from the phone test' });
    const finished = (): NtfyMessage | undefined => ntfy.messages.find((message) => message.topic === `cui-${machineId}` && message.title === 'Task Finished');
    await expect.poll(() => finished()?.tags, { timeout: 30_000 }).toEqual(['cui-complete']);

    await server.fill('');
    await server.blur();
    await expect(dialog.getByRole('note')).toContainText(PUBLIC_WARNING);
    await expect.poll(notifications).toEqual({ enabled: true });
  });
});
