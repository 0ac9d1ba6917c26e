/**
 * Theme preference (spec §4 Theme): stored under `cui-theme`, default system. This local copy is the truth for painting
 * (the pre-paint script reads it before any request); the config's `interface.colorScheme` only mirrors it
 * (docs/architecture.md, 'Theme: which store is the truth').
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_KEY = 'cui-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (PREFERENCES as readonly string[]).includes(value);
}

/** The stored preference, or 'system' when absent, invalid or storage is unavailable. */
export function readThemePreference(storage: Pick<Storage, 'getItem'>): ThemePreference {
  try {
    const value = storage.getItem(THEME_KEY);
    return isThemePreference(value) ? value : 'system';
  } catch {
    // Storage can throw (privacy modes); the default is the documented fallback.
    return 'system';
  }
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** The toggle order: light → dark → system → light. */
export function nextThemePreference(preference: ThemePreference): ThemePreference {
  return preference === 'light' ? 'dark' : preference === 'dark' ? 'system' : 'light';
}

/** Sets the `dark` class and `data-theme` on the document element. */
export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}
