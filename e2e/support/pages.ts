import type { Locator, Page } from '@playwright/test';

/** Locators of the app shell (spec §2), shared by every spec. */
export function shell(page: Page) {
  return {
    homeLink: page.getByRole('link', { name: 'cui', exact: true }),
    /** The header button cycling light → dark → system; its name is 'Theme: Light|Dark|System'. */
    themeToggle: page.getByRole('button', { name: /^Theme: / }),
    demoBadge: page.getByText('Demo mode — scripted model'),
    /** Resolved theme on <html>: 'light' | 'dark'. */
    theme: () => page.locator('html').getAttribute('data-theme'),
  };
}

export function loginScreen(page: Page) {
  return {
    label: page.getByText('Access token:'),
    input: page.getByLabel('Access token:'),
    submit: page.getByRole('button', { name: 'Log in' }),
    error: page.getByRole('alert'),
  };
}

export interface LogPanel {
  toggle: Locator;
  filter: Locator;
  clear: Locator;
  connected: Locator;
  disconnected: Locator;
  empty: Locator;
  list: Locator;
  /** Rendered entries (the list is virtualised: only those near the viewport exist). */
  entries: Locator;
}

export function logPanel(page: Page): LogPanel {
  const list = page.getByRole('log', { name: 'Log entries' });
  return {
    toggle: page.getByRole('button', { name: 'Logs', exact: true }),
    filter: page.getByPlaceholder('Filter logs...'),
    clear: page.getByRole('button', { name: 'Clear', exact: true }),
    connected: page.getByText('Connected', { exact: true }),
    disconnected: page.getByText('Disconnected', { exact: true }),
    empty: page.getByText('No logs to display'),
    list,
    entries: list.locator('[data-log-kind]'),
  };
}
