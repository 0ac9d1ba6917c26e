import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signalUnauthorized, storeToken } from '@/app/auth-token';
import { AuthGate } from './AuthGate';

const TOKEN = '0123456789abcdef0123456789abcdef';

afterEach(() => {
  localStorage.clear();
  document.cookie = 'cui-auth-token=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

function renderGate() {
  return render(
    <AuthGate>
      <p>the app</p>
    </AuthGate>,
  );
}

describe('AuthGate', () => {
  it('shows the login screen instead of the app without a stored token', () => {
    renderGate();
    expect(screen.getByLabelText('Access token:')).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('shows the app with a stored valid token', () => {
    storeToken(TOKEN);
    renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('takes a valid #token= from the URL, stores it in local storage only (no cookie) and cleans the address bar', () => {
    window.history.replaceState(null, '', `/inspector#token=${TOKEN}`);
    renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(localStorage.getItem('cui-auth-token')).toBe(TOKEN);
    expect(document.cookie).not.toContain('cui-auth-token');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/inspector');
  });

  it('ignores an invalid #token= with the console warning and shows the login screen', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/#token=XYZ');
    renderGate();
    expect(warn).toHaveBeenCalledWith('Invalid token format in URL fragment');
    expect(screen.getByLabelText('Access token:')).toBeInTheDocument();
  });

  it('returns to the login screen and forgets the token when a later call gets 401', () => {
    storeToken(TOKEN);
    renderGate();
    act(() => signalUnauthorized());
    expect(screen.getByLabelText('Access token:')).toBeInTheDocument();
    expect(localStorage.getItem('cui-auth-token')).toBeNull();
  });

  it("says 'Unauthorized' on the login screen when the server rejected the stored token (spec §6, §8)", () => {
    storeToken(TOKEN);
    renderGate();
    act(() => signalUnauthorized());
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized');
  });

  it('logs in when a #token= link is opened in a tab that already shows the login screen, and cleans the address bar', () => {
    renderGate();
    expect(screen.getByLabelText('Access token:')).toBeInTheDocument();
    act(() => {
      window.history.replaceState(null, '', `/c/abc#token=${TOKEN}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(localStorage.getItem('cui-auth-token')).toBe(TOKEN);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/c/abc');
  });

  it('deletes a token cookie left by an earlier version, keeping its token in local storage', () => {
    document.cookie = `cui-auth-token=${TOKEN}; Path=/`;
    renderGate();
    expect(document.cookie).not.toContain('cui-auth-token');
    expect(localStorage.getItem('cui-auth-token')).toBe(TOKEN);
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('shows no error on a first visit without a token', () => {
    renderGate();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
