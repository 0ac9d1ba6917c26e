import fs from 'node:fs/promises';
import { claudeVersion } from './claude-binary';

/** Learns `claude --version` off the critical path: once per binary (path + size + mtime + inode). */
export interface ClaudeVersions {
  /** The binary's version, or 'unknown' when it cannot be run; a replaced binary is asked again. */
  versionOf(executablePath: string): Promise<string>;
}

/** `read` runs the binary (default `claude --version`); a failure is remembered as 'unknown' until the file changes. */
export function createClaudeVersions(read: (executablePath: string) => Promise<string> = claudeVersion): ClaudeVersions {
  const known = new Map<string, { signature: string; version: Promise<string> }>();
  return {
    async versionOf(executablePath) {
      const stat = await fs.stat(executablePath).catch(() => undefined);
      const signature = stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : 'missing';
      const cached = known.get(executablePath);
      if (cached?.signature === signature) return cached.version;
      const version = read(executablePath).catch(() => 'unknown');
      known.set(executablePath, { signature, version });
      return version;
    },
  };
}
