import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type { conversationLoader } from '@/app/first-window';
import { MESSAGE_PARAM } from '@/lib/message-link';
import { AppLayout } from '@/app/AppLayout';
import { ConversationView } from './ConversationView';

/**
 * Route /c/:sessionId. A new session id remounts the view, so no state leaks between sessions; so does a new
 * target message (`?message=`, a search hit), which the view opens on. The route's loader has already asked for the
 * first window (app/first-window.ts).
 */
export function ConversationPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const { firstWindow } = useLoaderData<ReturnType<typeof conversationLoader>>();
  return (
    <AppLayout mainClassName="flex flex-col overflow-hidden">
      <ConversationView key={`${sessionId}|${search.get(MESSAGE_PARAM) ?? ''}`} sessionId={sessionId} firstWindow={firstWindow} />
    </AppLayout>
  );
}
