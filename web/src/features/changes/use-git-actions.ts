import { useState } from 'react';
import type { GitOutput } from '@cui/contract';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';

/** The panel's git actions: one at a time, git's output or error kept to show, the status reloaded after each. */
export function useGitActions(sessionId: string, reload: () => void) {
  const [pending, setPending] = useState<string>();
  const [result, setResult] = useState<{ message: string; failed: boolean }>();
  const params = { sessionId };
  const act = async (label: string, call: () => Promise<GitOutput>): Promise<boolean> => {
    setPending(label);
    setResult(undefined);
    try {
      const answer = await call();
      setResult(answer.output ? { message: answer.output, failed: false } : undefined);
      return true;
    } catch (error) {
      setResult({ message: error instanceof Error ? error.message : String(error), failed: true });
      return false;
    } finally {
      setPending(undefined);
      reload();
    }
  };
  return {
    pending,
    message: result?.message,
    failed: result?.failed ?? false,
    stage: (paths?: string[]) => act('stage', () => apiCall(routes.git.stage, { params, body: paths ? { paths } : { all: true } })),
    unstage: (paths?: string[]) => act('unstage', () => apiCall(routes.git.unstage, { params, body: paths ? { paths } : { all: true } })),
    commit: (message: string) => act('commit', () => apiCall(routes.git.commit, { params, body: { message } })),
    discard: (path: string, deleteUntracked?: string[]) => act('discard', () => apiCall(routes.git.discard, { params, body: { path, ...(deleteUntracked ? { deleteUntracked } : {}) } })),
    remote: (operation: 'fetch' | 'pull' | 'push') => act(operation, () => apiCall(routes.git.remote, { params, body: { operation } })),
  };
}

export type GitActions = ReturnType<typeof useGitActions>;
