import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type ConnectionState, connectTerminal, type TerminalConnection } from './terminal-connection';
import { withCtrl } from './key-bar-keys';

/** Copies the selection on Ctrl+Shift+C (Ctrl+C stays the shell's interrupt); paste is the browser's own. */
function copyOnCtrlShiftC(term: Terminal) {
  term.attachCustomKeyEventHandler((event) => {
    if (event.type === 'keydown' && event.ctrlKey && event.shiftKey && event.code === 'KeyC' && term.hasSelection()) {
      void navigator.clipboard?.writeText(term.getSelection());
      return false;
    }
    return true;
  });
}

/**
 * An xterm.js terminal in `host`, fitted to it (a ResizeObserver), joined to the server's terminal `terminalId`.
 * Focuses only where the pointer is fine (a phone's keyboard pops on focus).
 */
export function useXterm(host: RefObject<HTMLDivElement | null>, terminalId: string, firstTicket: string | undefined) {
  const [state, setState] = useState<ConnectionState>({ kind: 'connecting' });
  const [ctrl, setCtrl] = useState(false);
  const ctrlRef = useRef(false);
  const connection = useRef<TerminalConnection | null>(null);
  const ticket = useRef(firstTicket);
  useEffect(() => {
    ctrlRef.current = ctrl;
  }, [ctrl]);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const term = new Terminal({ cursorBlink: true, fontSize: 13, scrollback: 5000, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.loadAddon(new WebLinksAddon());
    term.open(element);
    copyOnCtrlShiftC(term);
    fit.fit();
    const link = connectTerminal({
      terminalId,
      firstTicket: ticket.current,
      onOutput: (data) => term.write(data),
      onScreen: () => term.reset(),
      onState: setState,
      size: () => ({ cols: term.cols, rows: term.rows }),
    });
    ticket.current = undefined;
    connection.current = link;
    const input = term.onData((data) => {
      link.sendInput(ctrlRef.current ? withCtrl(data) : data);
      if (ctrlRef.current) setCtrl(false);
    });
    const resized = term.onResize(({ cols, rows }) => link.resize(cols, rows));
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(element);
    if (matchMedia('(pointer: fine)').matches) term.focus();
    return () => {
      observer.disconnect();
      input.dispose();
      resized.dispose();
      link.close();
      connection.current = null;
      term.dispose();
    };
  }, [host, terminalId]);
  const send = (data: string) => connection.current?.sendInput(data);
  return { state, ctrl, setCtrl, send };
}
