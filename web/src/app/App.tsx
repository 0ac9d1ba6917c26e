import { RouterProvider } from 'react-router';
import { AuthGate } from '@/features/auth';
import { AppProviders } from './providers';
import { router } from './router';

/** Root component: providers (theme, tooltips) and the auth gate wrap the router. */
export function App() {
  return (
    <AppProviders>
      <AuthGate>
        <RouterProvider router={router} />
      </AuthGate>
    </AppProviders>
  );
}
