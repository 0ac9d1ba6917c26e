import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import type { ComposerSubmitHandler } from '@/features/composer';
import type { StartedRunState } from '@/features/conversation';

/** Starts a conversation from the home composer and opens it; a failure is shown in an alert (spec §8). */
export function useStartTask(): ComposerSubmitHandler {
  const navigate = useNavigate();
  return useCallback(
    async ({ text, workingDirectory, model, permissionMode, worktree, maxBudgetUsd }) => {
      if (!workingDirectory) return false;
      try {
        const { sessionId, streamingId } = await apiCall(routes.runs.start, {
          body: { workingDirectory, initialPrompt: text, ...(model ? { model } : {}), ...(permissionMode ? { permissionMode } : {}), ...(worktree ? { worktree } : {}), ...(maxBudgetUsd ? { maxBudgetUsd } : {}) },
        });
        const state: StartedRunState = { streamingId, prompt: text };
        void navigate(`/c/${sessionId}`, { state });
        return true;
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'Unknown error';
        window.alert(`Failed to start conversation: ${message}`);
        return false;
      }
    },
    [navigate],
  );
}
