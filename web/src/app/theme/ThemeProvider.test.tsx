import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, type ThemeEnvironment } from './ThemeProvider';
import { useTheme } from './use-theme';

/** A controllable prefers-color-scheme: dark media query. */
function fakeMedia(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = (query: string): MediaQueryList =>
    ({
      get matches() {
        return dark;
      },
      media: query,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  const setDark = (value: boolean) => {
    dark = value;
    act(() => {
      for (const listener of listeners) listener({ matches: value } as MediaQueryListEvent);
    });
  };
  return { matchMedia, setDark, listenerCount: () => listeners.size };
}

function Probe() {
  const { preference, theme, cycle } = useTheme();
  return (
    <button type="button" onClick={cycle}>
      {preference}/{theme}
    </button>
  );
}

function renderTheme(dark: boolean) {
  const media = fakeMedia(dark);
  const root = document.createElement('html');
  const environment: ThemeEnvironment = { storage: localStorage, matchMedia: media.matchMedia, root };
  const view = render(
    <ThemeProvider environment={environment}>
      <Probe />
    </ThemeProvider>,
  );
  return { media, root, view };
}

describe('ThemeProvider', () => {
  it('defaults to system and follows the OS preference live, setting the dark class and data-theme', () => {
    const { media, root } = renderTheme(false);
    expect(screen.getByRole('button')).toHaveTextContent('system/light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.dataset.theme).toBe('light');

    media.setDark(true);
    expect(screen.getByRole('button')).toHaveTextContent('system/dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.theme).toBe('dark');
  });

  it('cycles light → dark → system → light and stores the choice under cui-theme', async () => {
    const user = userEvent.setup();
    const { root } = renderTheme(true);
    const button = screen.getByRole('button');
    await user.click(button);
    expect(button).toHaveTextContent('light/light');
    expect(localStorage.getItem('cui-theme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
    await user.click(button);
    expect(button).toHaveTextContent('dark/dark');
    expect(localStorage.getItem('cui-theme')).toBe('dark');
    await user.click(button);
    expect(button).toHaveTextContent('system/dark');
    await user.click(button);
    expect(button).toHaveTextContent('light/light');
  });

  it('an explicit preference ignores OS changes', () => {
    localStorage.setItem('cui-theme', 'light');
    const { media, root } = renderTheme(false);
    media.setDark(true);
    expect(screen.getByRole('button')).toHaveTextContent('light/light');
    expect(root.dataset.theme).toBe('light');
  });

  it('an unknown stored value falls back to system', () => {
    localStorage.setItem('cui-theme', 'purple');
    renderTheme(true);
    expect(screen.getByRole('button')).toHaveTextContent('system/dark');
  });

  it('follows a preference changed in another tab', () => {
    const { root } = renderTheme(false);
    localStorage.setItem('cui-theme', 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cui-theme', newValue: 'dark' }));
    });
    expect(screen.getByRole('button')).toHaveTextContent('dark/dark');
    expect(root.dataset.theme).toBe('dark');
  });

  it('stops listening to the media query when unmounted', () => {
    const { media, view } = renderTheme(false);
    expect(media.listenerCount()).toBeGreaterThan(0);
    view.unmount();
    expect(media.listenerCount()).toBe(0);
  });

  it('useTheme outside the provider throws', () => {
    expect(() => render(<Probe />)).toThrow('useTheme must be used within a ThemeProvider');
  });
});
