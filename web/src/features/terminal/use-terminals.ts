import type { TerminalInfo } from '@cui/contract';
import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';

/** A terminal tab: the server's terminal, and the ticket it was opened with (used by its first connection). */
export interface TerminalTab {
  info: TerminalInfo;
  ticket?: string;
}

/** The terminals of a conversation (or, from home, all of them): listing, opening and closing. */
export function useTerminals(sessionId: string | undefined) {
  const [tabs, setTabs] = useState<TerminalTab[]>([]);
  const [active, setActive] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [disabled, setDisabled] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    apiCall(routes.terminals.list, { query: sessionId ? { sessionId } : {} }).then(
      (list) => {
        if (!live) return;
        setTabs(list.terminals.map((info) => ({ info })));
        setActive(list.terminals[0]?.terminalId);
        setDisabled(list.enabled ? undefined : list.disabledReason);
        setLoaded(true);
      },
      (failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);

  const open = useCallback(async (target: { sessionId: string } | { folder: string }) => {
    setError(undefined);
    try {
      const { ticket, ...info } = await apiCall(routes.terminals.open, { body: target });
      setTabs((current) => [...current, { info, ticket }]);
      setActive(info.terminalId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, []);

  const close = useCallback((terminalId: string) => {
    setTabs((current) => current.filter((tab) => tab.info.terminalId !== terminalId));
    setActive((current) => (current === terminalId ? undefined : current));
    apiCall(routes.terminals.close, { params: { terminalId } }).catch(() => undefined);
  }, []);

  return { tabs, active: active ?? tabs[0]?.info.terminalId, setActive, open, close, error, loaded, disabled };
}
