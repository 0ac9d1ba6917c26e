import fs from 'node:fs';
import path from 'node:path';

/**
 * The console's own Claude Code CLI as `claude` in a terminal (issue 25 point 1: sign in there with `claude`, then
 * `/login`, under the same CLAUDE_CONFIG_DIR as the runs). The CLI the runs use is a binary inside node_modules that
 * no PATH names, and may be configured under another file name, so a link named `claude` to it is kept in `binDir`
 * (under CUI_HOME) and that folder is added at the END of the shell's PATH: a `claude` the user installed keeps
 * winning. Best effort: when the link cannot be made the environment is returned as it was.
 */
export function withCliOnPath(env: Record<string, string | undefined>, executablePath: string, binDir: string): Record<string, string | undefined> {
  try {
    linkCli(executablePath, binDir);
  } catch {
    return env;
  }
  const current = env.PATH ?? '';
  const parts = current.split(path.delimiter).filter((part) => part !== '');
  if (parts.includes(binDir)) return env;
  return { ...env, PATH: [...parts, binDir].join(path.delimiter) };
}

function linkCli(executablePath: string, binDir: string): void {
  const link = path.join(binDir, 'claude');
  if (safeReadLink(link) === executablePath) return;
  fs.mkdirSync(binDir, { recursive: true, mode: 0o700 });
  // A new link beside the old one, then a rename over it: a shell starting meanwhile never meets no `claude`.
  const fresh = `${link}.${process.pid}.${Date.now()}`;
  fs.symlinkSync(executablePath, fresh);
  try {
    fs.renameSync(fresh, link);
  } catch (error) {
    fs.rmSync(fresh, { force: true });
    throw error;
  }
}

function safeReadLink(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}
