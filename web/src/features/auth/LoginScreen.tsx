import { useId } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/ui/Button';
import { Input } from '@/ui/Input';
import { Spinner } from '@/ui/Spinner';
import { useLogin, type LoginDeps } from './use-login';

export type LoginScreenProps = LoginDeps;

/**
 * Spec §2 login screen: 'Access token:', a lower-casing input without spell-check. It says where the token is, takes a
 * pasted login URL as well as the bare token, and its submit button is always shown (disabled while the field is
 * empty; the spec's button appeared only once something was typed, which left a phone user with a bare field).
 */
export function LoginScreen(props: LoginScreenProps) {
  const { value, setValue, error, checking, submit } = useLogin(props);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  return (
    <main className="flex min-h-full items-center justify-center bg-neutral-50 p-4 dark:bg-neutral-950">
      <form
        onSubmit={(event) => void submit(event)}
        className="flex w-full max-w-md flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h1 className="text-lg font-semibold">cui</h1>
        <label htmlFor={inputId} className="text-sm font-medium">
          Access token:
        </label>
        <p id={hintId} className="text-sm text-neutral-600 dark:text-neutral-400">
          The token is in the terminal where cui started (the line with <code className="font-mono">#token=</code>) and in{' '}
          <code className="font-mono">CUI_HOME/config.json</code> (<code className="font-mono">authToken</code>;{' '}
          <code className="font-mono">~/.cui</code> by default). Paste the token or the whole URL.
        </p>
        <div className="flex gap-2">
          <Input
            id={inputId}
            name="token"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            autoComplete="off"
            autoFocus
            className="font-mono"
            aria-invalid={error !== null}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
          <Button type="submit" variant="primary" aria-label="Log in" disabled={checking || value.trim() === ''}>
            {checking ? <Spinner size="sm" label="Checking token" /> : <ArrowRight size={18} aria-hidden />}
            <span aria-hidden>Log in</span>
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
