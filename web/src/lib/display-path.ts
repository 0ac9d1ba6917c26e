/**
 * Where paths are shown from: the conversation's working directory and the user's home as the server reports it
 * (GET /api/system/status). The home is never guessed from a path's shape: '/home/x' may be someone else's.
 */
export interface PathContext {
  cwd?: string | null;
  home?: string | null;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Spec §2: a path under the working directory shows relative, a home path with '~'; others unchanged. */
export function displayPath(path: string, context: PathContext = {}): string {
  const cwd = context.cwd ? trimSlash(context.cwd) : undefined;
  if (cwd && cwd !== '/') {
    if (path === cwd) return '.';
    if (path.startsWith(`${cwd}/`)) return path.slice(cwd.length + 1);
  }
  const home = context.home;
  if (home) {
    const h = trimSlash(home);
    if (path === h) return '~';
    if (path.startsWith(`${h}/`)) return `~${path.slice(h.length)}`;
  }
  return path;
}
