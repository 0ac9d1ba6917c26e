import type * as NodePty from '@lydell/node-pty';
import type { SerializeAddon as SerializeAddonType } from '@xterm/addon-serialize';
import type { Terminal as HeadlessTerminalType } from '@xterm/headless';
import { AppError } from '../../platform/app-error';

/** The native PTY and the headless mirror, loaded when the first terminal opens (never at server start). */
export interface TerminalModules {
  spawn: typeof NodePty.spawn;
  Terminal: typeof HeadlessTerminalType;
  SerializeAddon: typeof SerializeAddonType;
}

/** A CommonJS module's exports, whether the loader gives them as the namespace (tsx) or as its `default` (Node, Vite). */
const exportsOf = <T>(module: T): T => (module as { default?: T }).default ?? module;

let loading: Promise<TerminalModules> | undefined;

/**
 * Loads `@lydell/node-pty` (a prebuilt `pty.node`; none exists for musl, so it may fail to load) and `@xterm/headless`
 * with its serialize addon (CommonJS: their exports sit on `default`). A failure is `terminal.unavailable`.
 */
export function loadTerminalModules(): Promise<TerminalModules> {
  loading ??= (async () => {
    const [pty, headless, serialize] = await Promise.all([import('@lydell/node-pty'), import('@xterm/headless'), import('@xterm/addon-serialize')]);
    return { spawn: pty.spawn, Terminal: exportsOf(headless).Terminal, SerializeAddon: exportsOf(serialize).SerializeAddon };
  })();
  return loading.catch((error: unknown) => {
    loading = undefined;
    throw new AppError('terminal.unavailable', `The terminal is unavailable on this system: ${error instanceof Error ? error.message : String(error)}`);
  });
}
