/** Where paths are shown from: the conversation's working directory and the user's home, when known. */
export interface PathContext {
  cwd?: string | null;
  home?: string | null;
}

const HOME_PATTERN = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root)(?=\/|$)/;

/** The home directory a path lives under (/home/x, /Users/x, /root), guessed from the path itself. */
export function guessHome(path: string | null | undefined): string | undefined {
  return path ? HOME_PATTERN.exec(path)?.[1] : undefined;
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
  const home = context.home ?? guessHome(context.cwd) ?? guessHome(path);
  if (home) {
    const h = trimSlash(home);
    if (path === h) return '~';
    if (path.startsWith(`${h}/`)) return `~${path.slice(h.length)}`;
  }
  return path;
}
