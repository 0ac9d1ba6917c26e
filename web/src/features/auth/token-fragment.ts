import { isValidToken, storeToken } from '@/app/auth-token';

export interface FragmentEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  store: (token: string) => void;
}

function browserEnvironment(): FragmentEnvironment {
  return { location: window.location, history: window.history, store: storeToken };
}

/**
 * Handles `#token=<token>` (spec §2, §5): a valid token is stored and removed from the address bar;
 * an invalid one is ignored with a console warning. Returns true when a token was stored.
 */
export function consumeTokenFragment(env: FragmentEnvironment = browserEnvironment()): boolean {
  const params = new URLSearchParams(env.location.hash.replace(/^#/, ''));
  const token = params.get('token');
  if (token === null) return false;
  if (!isValidToken(token)) {
    console.warn('Invalid token format in URL fragment');
    return false;
  }
  env.store(token);
  params.delete('token');
  const rest = params.toString();
  env.history.replaceState(env.history.state, '', `${env.location.pathname}${env.location.search}${rest ? `#${rest}` : ''}`);
  return true;
}
