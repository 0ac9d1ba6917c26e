import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TerminalModules } from './terminal-modules';
import { startTerminalSession, type TerminalSession } from './terminal-session';

const MINUTE = 60_000;

/** A PTY double: `print` is the shell's output. */
function fakeModules() {
  let onData: (data: string) => void = () => undefined;
  const pty = { pid: 4242, onData: (listener: (data: string) => void) => (onData = listener), onExit: () => undefined, write: vi.fn(), resize: vi.fn(), pause: vi.fn(), resume: vi.fn() };
  class Terminal {
    private text = '';
    loadAddon(addon: { text: () => string }) {
      addon.text = () => this.text;
    }
    write(data: string, done?: () => void) {
      this.text += data;
      done?.();
    }
    resize() {}
    dispose() {}
  }
  class SerializeAddon {
    text: () => string = () => '';
    serialize() {
      return this.text();
    }
  }
  const modules = { spawn: () => pty, Terminal, SerializeAddon } as unknown as TerminalModules;
  return { modules, print: (data: string) => onData(data) };
}

function start(modules: TerminalModules, onEnd: (reason: string) => void): TerminalSession {
  return startTerminalSession(modules, {
    terminalId: 'term-1', folder: '/w', shell: { file: 'bash', args: [] }, env: {}, cols: 80, rows: 24, scrollback: 100, idleMs: () => 60 * MINUTE, onEnd,
  });
}

const viewer = () => ({ send: vi.fn(() => true), end: vi.fn() });

describe('the idle end of a terminal', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('ends a terminal nobody watched and that printed nothing for 60 minutes, saying so', () => {
    const { modules } = fakeModules();
    const onEnd = vi.fn();
    start(modules, onEnd);
    vi.advanceTimersByTime(60 * MINUTE - 1);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledWith('Ended after 60 minutes with no viewer and no output');
  });

  it('waits while a page watches, and counts again from the last output once it left', () => {
    const { modules, print } = fakeModules();
    const onEnd = vi.fn();
    const session = start(modules, onEnd);
    const page = viewer();
    const detach = session.attach(page);
    expect(page.send).toHaveBeenCalledWith('');
    vi.advanceTimersByTime(120 * MINUTE);
    expect(onEnd).not.toHaveBeenCalled();
    detach();
    vi.advanceTimersByTime(30 * MINUTE);
    print('build done\r\n');
    vi.advanceTimersByTime(59 * MINUTE);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('repaints a late viewer with the screen so far, then live output, and tells it when the terminal ends', () => {
    const { modules, print } = fakeModules();
    const session = start(modules, vi.fn());
    print('one\r\n');
    const page = viewer();
    session.attach(page);
    print('two\r\n');
    expect(page.send.mock.calls).toEqual([['one\r\n'], ['two\r\n']]);
    session.end('The terminal was closed');
    expect(page.end).toHaveBeenCalledWith(4000, 'The terminal was closed');
  });
});
