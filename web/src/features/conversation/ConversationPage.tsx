import { useParams } from 'react-router';
import { AppLayout } from '@/app/AppLayout';
import { ConversationView } from './ConversationView';

/** Route /c/:sessionId. A new session id remounts the view, so no state leaks between sessions. */
export function ConversationPage() {
  const { sessionId = '' } = useParams();
  return (
    <AppLayout mainClassName="flex flex-col overflow-hidden">
      <ConversationView key={sessionId} sessionId={sessionId} />
    </AppLayout>
  );
}
