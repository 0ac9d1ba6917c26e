import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import type { StartedRunState } from '@/features/conversation';
import type { RewindItem } from './rewind-messages';

/** 'Branch from here' and 'Edit and resend': each opens the new conversation; `error` says why one failed. */
export function useBranchActions(sessionId: string, projectPath: string, close: () => void) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      close();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const branch = (messageId: string) =>
    run(async () => {
      const made = await apiCall(routes.rewind.branch, { params: { sessionId }, body: { messageId } });
      await navigate(`/c/${made.sessionId}`);
    });
  /** A branch before the message, continued with the edited text (a new conversation when it was the first). */
  const resend = (item: RewindItem, text: string) =>
    run(async () => {
      const from = item.before ? (await apiCall(routes.rewind.branch, { params: { sessionId }, body: { messageId: item.before } })).sessionId : undefined;
      const started = await apiCall(routes.runs.start, { body: { workingDirectory: projectPath, initialPrompt: text, ...(from ? { resumedSessionId: from } : {}) } });
      const state: StartedRunState = { streamingId: started.streamingId, prompt: text };
      await navigate(`/c/${started.sessionId}`, { state });
    });
  return { busy, error, branch, resend };
}
