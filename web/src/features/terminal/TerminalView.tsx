import { useRef } from 'react';
import { KeyBar } from './KeyBar';
import { useXterm } from './use-xterm';

/** One terminal: its screen, what became of its connection, and the phone's key bar. */
export function TerminalView({ terminalId, firstTicket }: { terminalId: string; firstTicket?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const { state, ctrl, setCtrl, send } = useXterm(host, terminalId, firstTicket);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {state.kind === 'ended' && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This terminal ended: {state.reason}
        </p>
      )}
      {state.kind === 'connecting' && <p role="status" className="text-xs text-neutral-500">Connecting…</p>}
      <div ref={host} data-testid="terminal-screen" className="min-h-0 flex-1 overflow-hidden rounded-md bg-black p-1" />
      <KeyBar ctrl={ctrl} onCtrl={setCtrl} onSend={(data) => send(data)} />
    </div>
  );
}
