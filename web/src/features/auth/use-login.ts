import { useCallback, useState, type FormEvent } from 'react';
import { storeToken } from '@/app/auth-token';
import { verifyToken, type TokenCheck } from './verify-token';

const FAILURE_MESSAGES: Record<Exclude<TokenCheck, 'valid'>, string> = {
  invalid: 'Invalid token',
  rate_limited: 'Too many attempts. Try again later.',
  unreachable: 'Could not reach the server',
};

export interface LoginDeps {
  verify?: (token: string) => ReturnType<typeof verifyToken>;
  store?: (token: string) => void;
  /** Called after a valid token was stored; reloads the page by default (spec §2). */
  onLoggedIn?: () => void;
  /** Shown until the user types: 'Unauthorized' when the server rejected the stored token. */
  initialError?: string | null;
}

/**
 * The token in what was typed or pasted: the bare token, or a whole login URL (`http://host:3001/#token=<token>`,
 * as the terminal prints it), whose `token=` parameter is taken.
 */
export function tokenFromInput(text: string): string {
  const trimmed = text.trim();
  const match = /(?:^|[#?&])token=([^&#\s]*)/.exec(trimmed);
  return match ? match[1]! : trimmed;
}

/** State of the login form: the lower-cased value, the error and the submit handler. */
export function useLogin({ verify = verifyToken, store = storeToken, onLoggedIn = () => window.location.reload(), initialError = null }: LoginDeps) {
  const [value, setValueState] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [checking, setChecking] = useState(false);

  const setValue = useCallback((text: string) => {
    setValueState(text.toLowerCase());
    setError(null);
  }, []);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      // Enter in the empty field still submits the form (implicit submission): nothing to check yet.
      if (value.trim() === '') return;
      const token = tokenFromInput(value);
      setChecking(true);
      const result = await verify(token);
      setChecking(false);
      if (result === 'valid') {
        store(token);
        onLoggedIn();
      } else {
        setError(FAILURE_MESSAGES[result]);
      }
    },
    [value, verify, store, onLoggedIn],
  );

  return { value, setValue, error, checking, submit };
}
