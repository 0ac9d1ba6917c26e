import type { PermissionMode, PermissionRequest, QueuedMessage, SessionUpdateRequest, ConversationSummary } from '@cui/contract';
import { routes } from '@/app/routes';
import { type Dispatch, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiCall } from '@/app/api-client';
import type { ViewMessage, SessionAction } from '@/features/live-run';
import type { StartedRunState } from './started-run';

export interface Decision {
  action: 'approve' | 'deny';
  modifiedInput?: Record<string, unknown>;
  denyReason?: string;
}

export interface ConversationActionDeps {
  sessionId: string;
  projectPath: string | null;
  streamingId: string | undefined;
  /** The run is live (working on a turn, or waiting after an interrupt): messages go to it. */
  running: boolean;
  /** The live run ended its turn on an interrupt and waits for the next message. */
  waiting: boolean;
  dispatch: Dispatch<SessionAction>;
  setStreamingId: (id: string | undefined) => void;
  setSummary: Dispatch<(summary: ConversationSummary | null) => ConversationSummary | null>;
  onError: (message: string) => void;
  onRunEnded: () => void;
}

function userMessage(text: string): ViewMessage {
  const id = `local-${Date.now()}`;
  return { id, role: 'user', blocks: [{ type: 'text', text }], parentToolUseId: null, isSidechain: false, uuids: [id], timestamp: new Date().toISOString() };
}

function localMessage(text: string): SessionAction {
  return { type: 'local_message', message: userMessage(text) };
}

/**
 * Gives a live run its next message: a working run queues it (the stream's queue_updated shows it), a waiting one
 * starts it at once. 'gone' when the run ended meanwhile (the caller resumes the session instead).
 */
async function sendToLiveRun(streamingId: string, text: string, dispatch: Dispatch<SessionAction>): Promise<'sent' | 'gone'> {
  try {
    const sent = await apiCall(routes.runs.send, { params: { id: streamingId }, body: { message: text } });
    if (!sent.queued) dispatch({ type: 'turn_started', message: userMessage(text) });
    return 'sent';
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'run.finished' || error.code === 'run.not_found')) return 'gone';
    throw error;
  }
}

/**
 * Send (a resumed run, or the next turn of a live run waiting after an interrupt), interrupt and stop
 * (spec §4; §8 'Failed to send message', 'Failed to stop conversation').
 */
function useRunActions(deps: ConversationActionDeps) {
  const { sessionId, projectPath, streamingId, running, waiting, dispatch, setStreamingId, onError, onRunEnded } = deps;
  const navigate = useNavigate();

  const send = useCallback(
    async (text: string, permissionMode: PermissionMode | undefined, maxBudgetUsd?: number): Promise<boolean> => {
      if (!projectPath) return false;
      try {
        if (running && streamingId && (await sendToLiveRun(streamingId, text, dispatch)) === 'sent') return true;
        const started = await apiCall(routes.runs.start, {
          body: { workingDirectory: projectPath, initialPrompt: text, resumedSessionId: sessionId, ...(permissionMode ? { permissionMode } : {}), ...(maxBudgetUsd ? { maxBudgetUsd } : {}) },
        });
        if (started.sessionId !== sessionId) {
          const state: StartedRunState = { streamingId: started.streamingId, prompt: text };
          navigate(`/c/${started.sessionId}`, { state });
          return true;
        }
        dispatch(localMessage(text));
        dispatch({ type: 'run_started' });
        setStreamingId(started.streamingId);
        return true;
      } catch {
        onError('Failed to send message');
        return false;
      }
    },
    [projectPath, sessionId, running, streamingId, navigate, dispatch, setStreamingId, onError],
  );

  const interrupt = useCallback(async () => {
    if (!streamingId || waiting) return;
    try {
      await apiCall(routes.runs.interrupt, { params: { id: streamingId } });
    } catch {
      onError('Failed to interrupt conversation');
    }
  }, [streamingId, waiting, onError]);

  const stop = useCallback(async () => {
    if (!streamingId) return;
    try {
      await apiCall(routes.runs.stop, { params: { id: streamingId } });
      dispatch({ type: 'stream_cleared' });
      setStreamingId(undefined);
      onRunEnded();
    } catch {
      onError('Failed to stop conversation');
    }
  }, [streamingId, dispatch, setStreamingId, onError, onRunEnded]);

  /** Removes a queued message, or (now) has the server move it first and interrupt the turn, so it runs at once. */
  const unqueue = useCallback(
    async (message: QueuedMessage, now = false) => {
      if (!streamingId) return;
      try {
        const params = { id: streamingId, messageId: message.id };
        await (now ? apiCall(routes.runs.sendNow, { params }) : apiCall(routes.runs.unqueue, { params }));
      } catch {
        onError(now ? 'Failed to send message' : 'Failed to remove queued message');
      }
    },
    [streamingId, onError],
  );

  return { send, interrupt, stop, unqueue };
}

/** Permission decisions (§8 'Failed to send permission decision') and session updates (failures only logged). */
function useSessionActions(deps: ConversationActionDeps) {
  const { sessionId, dispatch, setSummary, onError } = deps;

  const decide = useCallback(
    async (permission: PermissionRequest, decision: Decision) => {
      const body = { action: decision.action, ...(decision.modifiedInput ? { modifiedInput: decision.modifiedInput } : {}), ...(decision.denyReason ? { denyReason: decision.denyReason } : {}) };
      try {
        await apiCall(routes.permissions.decide, { params: { id: permission.id }, body });
        dispatch({ type: 'permission_cleared', id: permission.id });
      } catch {
        onError('Failed to send permission decision');
      }
    },
    [dispatch, onError],
  );

  const update = useCallback(
    async (fields: SessionUpdateRequest) => {
      try {
        const response = await apiCall(routes.sessions.update, { params: { sessionId }, body: fields });
        setSummary((summary) => (summary ? { ...summary, sessionInfo: response.sessionInfo } : summary));
      } catch (error) {
        // Spec §8: pin, rename (and archive) failures are only logged.
        console.error('Updating the session failed:', error);
      }
    },
    [sessionId, setSummary],
  );

  return { decide, update };
}

/** Everything the view can do to its session. */
export function useConversationActions(deps: ConversationActionDeps) {
  return { ...useRunActions(deps), ...useSessionActions(deps) };
}
