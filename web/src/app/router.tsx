import { createBrowserRouter, Navigate } from 'react-router';
import { loadSchedulesPage } from '@/features/schedules';
import { Spinner } from '@/ui/Spinner';
import { conversationLoader, conversationShouldRevalidate } from './first-window';
import { RouteError } from './RouteError';

function PageLoading() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}

const loadConversation = () => import('@/features/conversation');
// Opening a conversation's address: fetch its screen's code now, alongside the app's start-up (auth check,
// router), rather than once the router gets to it.
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/c/')) void loadConversation();

/**
 * Routes of spec §2: anything else falls back to home. Screens load on demand (the login screen and the
 * first paint don't wait for the conversation renderer's code). Every route shares one error boundary (STYLE §4).
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', lazy: () => import('@/features/home').then((m) => ({ Component: m.HomePage })) },
      {
        path: '/c/:sessionId',
        loader: conversationLoader,
        shouldRevalidate: conversationShouldRevalidate,
        lazy: () => loadConversation().then((m) => ({ Component: m.ConversationPage })),
      },
      { path: '/schedules', lazy: () => loadSchedulesPage().then((m) => ({ Component: m.SchedulesPage })) },
      { path: '/terminal', lazy: () => import('@/features/terminal').then((m) => ({ Component: m.TerminalPage })) },
      { path: '/inspector', lazy: () => import('@/features/inspector').then((m) => ({ Component: m.InspectorPage })) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
