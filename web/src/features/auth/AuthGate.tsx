import { useEffect, useState, type ReactNode } from 'react';
import { dropTokenCookie, getStoredToken, UNAUTHORIZED_EVENT } from '@/app/auth-token';
import { LoginScreen } from './LoginScreen';
import { consumeTokenFragment } from './token-fragment';

export type AuthGateProps = { children: ReactNode };

/**
 * Without a stored valid token the login screen replaces every route (spec §2).
 * A `#token=` fragment is consumed first, and again whenever the fragment changes (a login link opened in a tab that
 * already shows the login screen); any later 401 (UNAUTHORIZED_EVENT) returns to the login screen.
 */
export function AuthGate({ children }: AuthGateProps) {
  const [hasToken, setHasToken] = useState(() => {
    dropTokenCookie();
    consumeTokenFragment();
    return getStoredToken() !== undefined;
  });

  // Spec §6/§8: a 401 gives 'Unauthorized'; the login screen says so instead of appearing without a word.
  const [rejected, setRejected] = useState(false);

  useEffect(() => {
    const onUnauthorized = (): void => {
      setHasToken(false);
      setRejected(true);
    };
    const onHashChange = (): void => {
      if (!consumeTokenFragment()) return;
      setRejected(false);
      setHasToken(true);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);

  return hasToken ? children : <LoginScreen initialError={rejected ? 'Unauthorized' : null} />;
}
