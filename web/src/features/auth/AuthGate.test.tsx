import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signalUnauthorized, storeToken } from '@/app/auth-token';
import { AuthGate } from './AuthGate';

const TOKEN = '0123456789abcdef0123456789abcdef';

afterEach(() => {
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

  it('takes a valid #token= from the URL, stores it in the cookie and local storage and cleans the address bar', () => {
    window.history.replaceState(null, '', `/inspector#token=${TOKEN}`);
    renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(localStorage.getItem('cui-auth-token')).toBe(TOKEN);
    expect(document.cookie).toContain(`cui-auth-token=${TOKEN}`);
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

  it('shows no error on a first visit without a token', () => {
    renderGate();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
