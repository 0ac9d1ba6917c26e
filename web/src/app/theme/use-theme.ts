import { useContext } from 'react';
import { ThemeContext, type ThemeState } from './ThemeProvider';

/** The theme preference and its setters; throws outside ThemeProvider (spec §8: providers used outside scope raise). */
export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used within a ThemeProvider');
  return state;
}
