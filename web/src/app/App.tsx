import { RouterProvider } from 'react-router';
import { AuthGate } from '@/features/auth';
import { AppProviders } from './providers';
import { router } from './router';
import { SystemStatusProvider } from './system-status';

/** Root component: providers (theme, tooltips), then the auth gate, then what needs the token (status, routes). */
export function App() {
  return (
    <AppProviders>
      <AuthGate>
        <SystemStatusProvider>
          <RouterProvider router={router} />
        </SystemStatusProvider>
      </AuthGate>
    </AppProviders>
  );
}
