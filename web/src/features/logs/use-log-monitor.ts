import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { createLogPanelReducer, initialLogPanelState, LOG_PANEL_CAPACITY, type LogLine } from './log-buffer';
import { loadRecentLogs, streamLogs } from './log-source';

export interface LogMonitor {
  lines: LogLine[];
  connected: boolean;
  clear(): void;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * While `active`: loads the recent entries, then streams new ones (spec §4 Log stream).
 * Hiding or unmounting aborts the stream; failures are only logged and leave the panel disconnected.
 */
export function useLogMonitor(active: boolean, capacity = LOG_PANEL_CAPACITY): LogMonitor {
  const reducer = useMemo(() => createLogPanelReducer(capacity), [capacity]);
  const [state, dispatch] = useReducer(reducer, initialLogPanelState);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const { signal } = controller;
    const run = async (): Promise<void> => {
      try {
        dispatch({ type: 'reset', lines: await loadRecentLogs(signal) });
      } catch (error) {
        if (isAbort(error, signal)) return;
        console.warn('Failed to load recent logs', error);
      }
      try {
        await streamLogs({
          signal,
          onOpen: () => dispatch({ type: 'connected', connected: true }),
          onLines: (lines) => dispatch({ type: 'append', lines }),
        });
      } catch (error) {
        if (!isAbort(error, signal)) console.warn('Log stream failed', error);
      } finally {
        dispatch({ type: 'connected', connected: false });
      }
    };
    void run();
    return () => controller.abort();
  }, [active]);

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return { lines: state.lines, connected: state.connected, clear };
}
