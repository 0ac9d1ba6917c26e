import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClaudeVersions } from './claude-version';

function binary(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cui-version-')), 'claude');
  fs.writeFileSync(file, content);
  return file;
}

describe('createClaudeVersions', () => {
  it('runs each binary once, however many callers ask at the same time', async () => {
    const calls: string[] = [];
    const versions = createClaudeVersions(async (p) => (calls.push(p), '2.1.330'));
    const a = binary('a');
    const b = binary('b');
    expect(await Promise.all([versions.versionOf(a), versions.versionOf(a), versions.versionOf(b)])).toEqual(['2.1.330', '2.1.330', '2.1.330']);
    expect(await versions.versionOf(a)).toBe('2.1.330');
    expect(calls.sort()).toEqual([a, b].sort());
  });

  it('asks again when the binary at the path is replaced', async () => {
    let next = '1.0.0';
    const versions = createClaudeVersions(async () => next);
    const file = binary('old');
    expect(await versions.versionOf(file)).toBe('1.0.0');
    next = '2.0.0';
    fs.writeFileSync(file, 'a newer, longer binary');
    expect(await versions.versionOf(file)).toBe('2.0.0');
  });

  it("answers 'unknown' for a binary that cannot be run, without throwing", async () => {
    const versions = createClaudeVersions(async () => {
      throw new Error('ENOENT');
    });
    expect(await versions.versionOf('/nonexistent/claude')).toBe('unknown');
  });
});
