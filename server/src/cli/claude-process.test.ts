import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createClaudeSpawner } from './claude-process';

/** Real /bin/sh children stand in for the CLI: the spawner must own the whole process group. */

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function spawnShell(script: string, hooks: Parameters<typeof createClaudeSpawner>[0] = {}) {
  const spawner = createClaudeSpawner(hooks);
  const abort = new AbortController();
  const spawned = spawner.spawnClaudeCodeProcess({ command: '/bin/sh', args: ['-c', script], env: { PATH: process.env.PATH }, signal: abort.signal });
  const handle = spawner.current();
  if (!handle?.pid) throw new Error('no pid');
  return { spawned, handle, abort };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('claude process spawner', () => {
  it('passes stdout through unchanged and reports lines that are not JSON objects', async () => {
    const unparsed: string[] = [];
    const { spawned, handle } = spawnShell(`printf '{"type":"a"}\\nnot json here\\n{"type":"b"}\\n'`, { onUnparsedLine: (line) => unparsed.push(line) });
    expect(await readAll(spawned.stdout)).toBe('{"type":"a"}\nnot json here\n{"type":"b"}\n');
    expect(unparsed).toEqual(['not json here']);
    expect(await handle.exited).toEqual({ code: 0, signal: null });
  });

  it('inspects lines across chunk boundaries without reporting a huge JSON line', async () => {
    const unparsed: string[] = [];
    const script = `printf '{"x":"'; head -c 2000000 /dev/zero | tr '\\0' a; printf '"}\\n'; printf 'par'; sleep 0.05; printf 'tial junk\\r\\n'`;
    const { spawned, handle } = spawnShell(script, { onUnparsedLine: (line) => unparsed.push(line) });
    const out = await readAll(spawned.stdout);
    expect(out.length).toBe(2000000 + '{"x":""}\n'.length + 'partial junk\r\n'.length);
    expect(unparsed).toEqual(['partial junk']);
    await handle.exited;
  });

  it('keeps a stderr tail and reports the exit code', async () => {
    const stderr: string[] = [];
    const exits: unknown[] = [];
    const { handle } = spawnShell('echo "something went wrong" >&2; exit 7', { onStderr: (t) => stderr.push(t), onExit: (e) => exits.push(e) });
    expect(await handle.exited).toEqual({ code: 7, signal: null });
    expect(handle.stderrTail()).toBe('something went wrong');
    expect(stderr.join('')).toContain('something went wrong');
    expect(exits).toEqual([{ code: 7, signal: null }]);
    expect(handle.hasExited()).toBe(true);
  });

  it('terminates the whole process group, children included', async () => {
    const { spawned, handle } = spawnShell('sleep 30 & echo $!; wait');
    let grandchild = 0;
    for await (const chunk of spawned.stdout) {
      grandchild = Number(String(chunk).trim());
      break;
    }
    expect(isAlive(grandchild)).toBe(true);
    handle.signalGroup('SIGTERM');
    expect((await handle.exited).signal).toBe('SIGTERM');
    for (let i = 0; i < 100 && isAlive(grandchild); i++) await delay(20);
    expect(isAlive(grandchild)).toBe(false);
  });

  it("kills what is left in the group after the leader exited, and the SDK's forwarded abort terminates it", async () => {
    const { spawned, handle } = spawnShell('(trap "" TERM; sleep 30) & echo $!; exit 0');
    let orphan = 0;
    for await (const chunk of spawned.stdout) {
      orphan = Number(String(chunk).trim());
      break;
    }
    await handle.exited;
    expect(isAlive(orphan)).toBe(true);
    handle.signalGroup('SIGKILL');
    for (let i = 0; i < 100 && isAlive(orphan); i++) await delay(20);
    expect(isAlive(orphan)).toBe(false);

    const second = spawnShell('sleep 30');
    second.abort.abort();
    expect((await second.handle.exited).signal).toBe('SIGTERM');
  });

  it('reports a spawn failure instead of throwing', async () => {
    const errors: Error[] = [];
    const spawner = createClaudeSpawner({ onError: (e) => errors.push(e) });
    spawner.spawnClaudeCodeProcess({ command: '/nonexistent/claude', args: [], env: {}, signal: new AbortController().signal });
    expect(await spawner.current()?.exited).toEqual({ code: null, signal: null });
    expect(errors[0]?.message).toContain('ENOENT');
  });
});
