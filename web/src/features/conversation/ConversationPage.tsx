import { useParams, useSearchParams } from 'react-router';
import { MESSAGE_PARAM } from '@/lib/message-link';
import { AppLayout } from '@/app/AppLayout';
import { ConversationView } from './ConversationView';

/**
 * Route /c/:sessionId. A new session id remounts the view, so no state leaks between sessions; so does a new
 * target message (`?message=`, a search hit), which the view opens on.
 */
export function ConversationPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <AppLayout mainClassName="flex flex-col overflow-hidden">
      <ConversationView key={`${sessionId}|${search.get(MESSAGE_PARAM) ?? ''}`} sessionId={sessionId} />
    </AppLayout>
  );
}
