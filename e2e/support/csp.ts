import type { Page } from '@playwright/test';

/** Chromium reports every blocked script, style, image or connection as a console error naming the policy. */
export function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}
