import { expect, test } from './fixtures';
import { makeRepo, startRun, toolPanel, waitForRunEnd } from './conversation-helpers';
import { recordCspViolations } from './support/csp';

test.describe('content security policy', () => {
  test('the app and its inline theme script run under the CSP, and a page may not frame it', async ({ loggedInPage: page }) => {
    const violations = recordCspViolations(page);
    await page.evaluate(() => localStorage.setItem('cui-theme', 'dark'));
    const response = await page.reload();
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    // The inline script (allowed by its hash) set the theme; the app itself rendered.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a conversation with an Edit diff renders without a CSP violation', async ({ cui, loggedInPage: page }) => {
    const violations = recordCspViolations(page);
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
    await waitForRunEnd(cui, run.sessionId);
    await page.goto(`/c/${run.sessionId}`);
    await expect(toolPanel(page, 'Edit').getByTestId('diff-view')).toContainText('hello world');
    expect(violations).toEqual([]);
  });
});
