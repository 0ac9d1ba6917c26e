export { ThemeProvider, type ThemeEnvironment, type ThemeState } from './ThemeProvider';
export { ThemeToggle } from './ThemeToggle';
export { useTheme } from './use-theme';
export { THEME_KEY, nextThemePreference, resolveTheme, type ResolvedTheme, type ThemePreference } from './theme';
