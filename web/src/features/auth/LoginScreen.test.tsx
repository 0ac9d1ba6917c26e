import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TokenCheck } from './verify-token';
import { LoginScreen } from './LoginScreen';

const TOKEN = '0123456789abcdef0123456789abcdef';

function setup(result: TokenCheck = 'valid') {
  const verify = vi.fn<(token: string) => Promise<TokenCheck>>().mockResolvedValue(result);
  const store = vi.fn<(token: string) => void>();
  const onLoggedIn = vi.fn();
  render(<LoginScreen verify={verify} store={store} onLoggedIn={onLoggedIn} />);
  return { user: userEvent.setup(), verify, store, onLoggedIn, input: screen.getByLabelText('Access token:') };
}

describe('LoginScreen', () => {
  it('labels the input Access token: and turns spell-check, auto-capitalise and auto-correct off', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAttribute('autocapitalize', 'off');
    expect(input).toHaveAttribute('autocorrect', 'off');
  });

  it('lower-cases what is typed', async () => {
    const { user, input } = setup();
    await user.type(input, 'ABCdef');
    expect(input).toHaveValue('abcdef');
  });

  it('shows a visible submit button from the start, disabled while the field is empty (issue 23)', async () => {
    const { user, input } = setup();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await user.type(input, 'a');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await user.clear(input);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('says where the token is: the terminal line and CUI_HOME/config.json', () => {
    const { input } = setup();
    expect(input).toHaveAccessibleDescription(/terminal where cui started .*CUI_HOME\/config\.json/);
  });

  it.each([
    `http://127.0.0.1:3001/#token=${TOKEN}`,
    `  https://cui.example.ts.net/c/abc?x=1#tab=2&token=${TOKEN}  `,
    `HTTP://127.0.0.1:3001/#token=${TOKEN.toUpperCase()}`,
  ])('takes the token out of a pasted login URL %j', async (pasted) => {
    const { user, input, verify, store } = setup('valid');
    await user.click(input);
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(store).toHaveBeenCalledWith(TOKEN));
    expect(verify).toHaveBeenCalledWith(TOKEN);
  });

  it('ignores Enter in the empty field', async () => {
    const { user, input, verify } = setup('invalid');
    await user.type(input, '{Enter}');
    expect(verify).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Invalid token when the check fails, and clears it on the next keystroke', async () => {
    const { user, input, store, onLoggedIn } = setup('invalid');
    await user.type(input, 'abc{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
    expect(store).not.toHaveBeenCalled();
    expect(onLoggedIn).not.toHaveBeenCalled();
    await user.type(input, 'd');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the server is unreachable instead of blaming the token when the check cannot run', async () => {
    const { user, input } = setup('unreachable');
    await user.type(input, `${TOKEN}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
  });

  it('says to wait when the server rate-limits the attempts', async () => {
    const { user, input } = setup('rate_limited');
    await user.type(input, `${TOKEN}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  it('stores a valid token (lower-cased) and reloads', async () => {
    const { user, input, verify, store, onLoggedIn } = setup('valid');
    await user.type(input, TOKEN.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(verify).toHaveBeenCalledWith(TOKEN);
    expect(store).toHaveBeenCalledWith(TOKEN);
  });
});
