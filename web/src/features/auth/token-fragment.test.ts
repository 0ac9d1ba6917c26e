import { afterEach, describe, expect, it, vi } from 'vitest';
import { consumeTokenFragment, type FragmentEnvironment } from './token-fragment';

const TOKEN = '0123456789abcdef0123456789abcdef';

function environment(hash: string) {
  const store = vi.fn<(token: string) => void>();
  const replaceState = vi.fn<History['replaceState']>();
  const env: FragmentEnvironment = {
    location: { hash, pathname: '/c/abc', search: '?x=1' },
    history: { replaceState, state: { idx: 3 } },
    store,
  };
  return { env, store, replaceState };
}

afterEach(() => vi.restoreAllMocks());

describe('consumeTokenFragment', () => {
  it('stores a valid token and removes it from the address bar, keeping path, query and history state', () => {
    const { env, store, replaceState } = environment(`#token=${TOKEN}`);
    expect(consumeTokenFragment(env)).toBe(true);
    expect(store).toHaveBeenCalledWith(TOKEN);
    expect(replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/c/abc?x=1');
  });

  it('keeps other fragment parameters', () => {
    const { env, replaceState } = environment(`#token=${TOKEN}&tab=2`);
    consumeTokenFragment(env);
    expect(replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/c/abc?x=1#tab=2');
  });

  it.each(['ABCDEF0123456789ABCDEF0123456789', 'abc', `${TOKEN}0`, 'g123456789abcdef0123456789abcdef', ''])(
    'ignores the invalid token %j with the console warning',
    (bad) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { env, store, replaceState } = environment(`#token=${bad}`);
      expect(consumeTokenFragment(env)).toBe(false);
      expect(warn).toHaveBeenCalledWith('Invalid token format in URL fragment');
      expect(store).not.toHaveBeenCalled();
      expect(replaceState).not.toHaveBeenCalled();
    },
  );

  it('does nothing without a token parameter', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { env, store } = environment('#section');
    expect(consumeTokenFragment(env)).toBe(false);
    expect(store).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
