import { createContext, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, DARK_QUERY, nextThemePreference, readThemePreference, resolveTheme, THEME_KEY, type ResolvedTheme, type ThemePreference } from './theme';

export interface ThemeState {
  /** What the user chose. */
  preference: ThemePreference;
  /** What is shown (system resolved through prefers-color-scheme). */
  theme: ResolvedTheme;
  setPreference(preference: ThemePreference): void;
  /** light → dark → system → light. */
  cycle(): void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

export interface ThemeEnvironment {
  storage: Storage;
  matchMedia: (query: string) => MediaQueryList;
  root: HTMLElement;
}

export type ThemeProviderProps = { children: ReactNode; environment?: ThemeEnvironment };

function browserEnvironment(): ThemeEnvironment {
  return { storage: window.localStorage, matchMedia: (query) => window.matchMedia(query), root: document.documentElement };
}

/** Holds the theme preference, follows the OS preference live when 'system', and applies it to <html>. */
export function ThemeProvider({ children, environment }: ThemeProviderProps) {
  const [env] = useState(() => environment ?? browserEnvironment());
  const [preference, setPreferenceState] = useState(() => readThemePreference(env.storage));
  const subscribe = useCallback(
    (onChange: () => void) => {
      const query = env.matchMedia(DARK_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    [env],
  );
  // Follows the OS preference live (spec §4 Theme).
  const systemDark = useSyncExternalStore(subscribe, () => env.matchMedia(DARK_QUERY).matches);

  // Another tab changed the preference: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key === THEME_KEY) setPreferenceState(readThemePreference(env.storage));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [env]);

  const theme = resolveTheme(preference, systemDark);
  useEffect(() => applyTheme(env.root, theme), [env, theme]);

  const setPreference = useCallback(
    (next: ThemePreference) => {
      setPreferenceState(next);
      try {
        env.storage.setItem(THEME_KEY, next);
      } catch (error) {
        // Not persisting is acceptable: the choice still applies for this page.
        console.warn('Could not store the theme preference', error);
      }
    },
    [env],
  );
  const cycle = useCallback(() => setPreference(nextThemePreference(preference)), [preference, setPreference]);
  const value = useMemo(() => ({ preference, theme, setPreference, cycle }), [preference, theme, setPreference, cycle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
