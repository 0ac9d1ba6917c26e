import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Input } from '@/ui';
import { TerminalView } from './TerminalView';
import { useTerminals } from './use-terminals';

const basename = (folder: string): string => folder.split('/').filter(Boolean).pop() ?? folder;

/** From home: which trusted folder the new terminal opens in. */
function FolderField({ onOpen }: { onOpen: (folder: string) => void }) {
  const [folder, setFolder] = useState('');
  return (
    <form className="flex gap-2" onSubmit={(event) => { event.preventDefault(); if (folder.trim()) onOpen(folder.trim()); }}>
      <Input value={folder} onChange={(event) => setFolder(event.target.value)} placeholder="/path/to/a/trusted/folder" aria-label="Folder" />
      <Button type="submit" size="sm">Open</Button>
    </form>
  );
}

/**
 * The terminal screen (`/terminal?session=<id>` for a conversation's folder, `/terminal` from home for a trusted one):
 * tabs of real shells that outlive the page; a reload or a return reconnects and repaints them. Its own lazy route, so
 * xterm.js never joins the home or conversation first load.
 */
export function TerminalPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('session') ?? undefined;
  const terminals = useTerminals(sessionId);
  const started = useRef(false);
  const { loaded, tabs, open: openTerminal, disabled } = terminals;
  // A conversation's panel opens a first terminal by itself; home asks for the folder.
  useEffect(() => {
    if (!sessionId || !loaded || disabled || started.current || tabs.length > 0) return;
    started.current = true;
    void openTerminal({ sessionId });
  }, [sessionId, loaded, disabled, tabs.length, openTerminal]);
  return (
    <main className="flex h-dvh flex-col gap-2 p-2 sm:p-3">
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label={sessionId ? 'Back to the conversation' : 'Back to tasks'}>
          <Link to={sessionId ? `/c/${sessionId}` : '/'}>
            {/* A text arrow: lucide's ArrowLeft here would split it out of the conversation's first load into a chunk of its own. */}
            <span aria-hidden>←</span>
          </Link>
        </Button>
        <h1 className="text-[15px] font-semibold">Terminal</h1>
      </div>
        {disabled && <p role="alert" className="text-sm text-amber-800 dark:text-amber-200">{disabled}</p>}
        {terminals.error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{terminals.error}</p>}
        <div className="flex flex-wrap items-center gap-1" role="tablist" aria-label="Terminals">
          {tabs.map((tab, index) => (
            <span key={tab.info.terminalId} className="flex items-center">
              <Button size="sm" role="tab" aria-selected={terminals.active === tab.info.terminalId} variant={terminals.active === tab.info.terminalId ? 'primary' : 'ghost'} onClick={() => terminals.setActive(tab.info.terminalId)}>
                {index + 1}: {basename(tab.info.folder)}
              </Button>
              <Button size="icon-sm" variant="ghost" aria-label={`Close terminal ${index + 1}`} onClick={() => terminals.close(tab.info.terminalId)}>
                <X size={14} aria-hidden />
              </Button>
            </span>
          ))}
          {sessionId && !disabled && (
            <Button size="sm" variant="ghost" onClick={() => void openTerminal({ sessionId })}>
              <Plus size={14} aria-hidden /> New terminal
            </Button>
          )}
        </div>
        {!sessionId && !disabled && <FolderField onOpen={(folder) => void openTerminal({ folder })} />}
        {tabs.map((tab) => (
          <div key={tab.info.terminalId} className={terminals.active === tab.info.terminalId ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>
            <TerminalView terminalId={tab.info.terminalId} firstTicket={tab.ticket} />
          </div>
        ))}
        <p className="text-xs text-neutral-500">A full shell as this user. It keeps running when you close this panel; the last 5,000 lines are kept.</p>
    </main>
  );
}
