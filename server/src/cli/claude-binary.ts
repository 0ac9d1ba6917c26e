import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The pinned Agent SDK ships the CLI as an optional platform package
 * (`@anthropic-ai/claude-agent-sdk-<platform>-<arch>`, binary `claude`). That binary is the default executable.
 */
export function bundledClaudePath(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch;
  const candidates = process.platform === 'linux' ? [`linux-${arch}`, `linux-${arch}-musl`] : [`${process.platform}-${arch}`];
  for (const suffix of candidates) {
    try {
      const pkg = require.resolve(`@anthropic-ai/claude-agent-sdk-${suffix}/package.json`);
      const exe = path.join(path.dirname(pkg), process.platform === 'win32' ? 'claude.exe' : 'claude');
      if (fs.existsSync(exe)) return exe;
    } catch {
      // Not installed for this platform variant: try the next one.
    }
  }
  throw new Error(`No bundled Claude Code binary for ${process.platform}-${arch}; set claudeExecutablePath`);
}

/** `claude --version` → '2.1.330' (the first word of its output). */
export async function claudeVersion(executablePath: string): Promise<string> {
  const { stdout } = await execFileAsync(executablePath, ['--version'], { timeout: 10_000 });
  return stdout.trim().split(/\s+/)[0] ?? 'unknown';
}
