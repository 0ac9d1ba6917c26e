import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InboxButton } from '@/features/inbox';
import { SettingsButton } from '@/features/settings';
import { cn } from '@/lib/cn';
import { HeaderMenu } from './HeaderMenu';
import { SignInBanner } from './SignInBanner';
import { ThemeToggle } from './theme';
import { useSystemStatus } from './system-status';

export type AppLayoutProps = {
  children: ReactNode;
  /** Buttons shown at the right of the header, before the settings button and the theme toggle. */
  actions?: ReactNode;
  /** Classes of the <main> element (default: fills the rest of the screen and scrolls). */
  mainClassName?: string;
};

/** Page frame: header with the 'cui' home link, a demo-mode badge, header actions, the "needs you" inbox, the settings button, the theme toggle and the more-menu. */
export function AppLayout({ children, actions, mainClassName }: AppLayoutProps) {
  const status = useSystemStatus();
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-neutral-200 px-4 dark:border-neutral-800">
        <Link to="/" className="text-base font-semibold tracking-tight hover:opacity-80">
          cui
        </Link>
        {status?.demoMode && (
          <span
            role="status"
            title="Demo mode — scripted model"
            className="min-w-0 truncate rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-200"
          >
            {/* On a phone the whole phrase wrapped onto two lines and crowded the header's buttons. */}
            Demo mode<span className="max-sm:hidden"> — scripted model</span>
          </span>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {actions}
          <InboxButton />
          <SettingsButton />
          <ThemeToggle />
          <HeaderMenu />
        </div>
      </header>
      <SignInBanner />
      <main className={cn('min-h-0 flex-1 overflow-auto', mainClassName)}>{children}</main>
    </div>
  );
}
