import { createBrowserRouter, Navigate } from 'react-router';
import { ConversationPage } from '@/features/chat';
import { HomePage } from '@/features/home';
import { InspectorPage } from '@/features/inspector';

/** Routes of spec §2: anything else falls back to home. */
export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '/c/:sessionId', element: <ConversationPage /> },
  { path: '/inspector', element: <InspectorPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
