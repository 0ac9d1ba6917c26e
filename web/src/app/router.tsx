import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '@/ui';
import { RouteError } from './RouteError';

function PageLoading() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}

/**
 * Routes of spec §2: anything else falls back to home. Screens load on demand (the login screen and the
 * first paint don't wait for the chat renderer's code). Every route shares one error boundary (STYLE §4).
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', lazy: () => import('@/features/home').then((m) => ({ Component: m.HomePage })) },
      { path: '/c/:sessionId', lazy: () => import('@/features/chat').then((m) => ({ Component: m.ConversationPage })) },
      { path: '/inspector', lazy: () => import('@/features/inspector').then((m) => ({ Component: m.InspectorPage })) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
