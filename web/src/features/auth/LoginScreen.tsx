import { useId } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/ui/Button';
import { Input } from '@/ui/Input';
import { Spinner } from '@/ui/Spinner';
import { useLogin, type LoginDeps } from './use-login';

export type LoginScreenProps = LoginDeps;

/** Spec §2 login screen: 'Access token:', a lower-casing input without spell-check, submit once something is typed. */
export function LoginScreen(props: LoginScreenProps) {
  const { value, setValue, error, checking, submit } = useLogin(props);
  const inputId = useId();
  const errorId = useId();
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
            aria-describedby={error ? errorId : undefined}
          />
          {value.length > 0 && (
            <Button type="submit" variant="primary" size="icon" aria-label="Log in" disabled={checking}>
              {checking ? <Spinner size="sm" label="Checking token" /> : <ArrowRight size={18} aria-hidden />}
            </Button>
          )}
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
