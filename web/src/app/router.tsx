import { createBrowserRouter, Navigate } from 'react-router';
import { ConversationPage } from '@/features/chat';
import { HomePage } from '@/features/home';
import { InspectorPage } from '@/features/inspector';
import { RouteError } from './RouteError';

/** Routes of spec §2: anything else falls back to home. Each route has an error boundary (STYLE §4). */
export const router = createBrowserRouter([
  { path: '/', element: <HomePage />, errorElement: <RouteError /> },
  { path: '/c/:sessionId', element: <ConversationPage />, errorElement: <RouteError /> },
  { path: '/inspector', element: <InspectorPage />, errorElement: <RouteError /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
