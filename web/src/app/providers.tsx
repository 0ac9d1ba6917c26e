import type { ReactNode } from 'react';
import { TooltipProvider } from '@/ui/Tooltip';
import { ThemeProvider } from './theme';

/** App-wide providers: theme and tooltips. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <TooltipProvider>{children}</TooltipProvider>
    </ThemeProvider>
  );
}
