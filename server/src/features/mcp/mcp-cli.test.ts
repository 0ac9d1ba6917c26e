import { describe, expect, it, vi } from 'vitest';
import { runClaudeMcp } from './mcp-cli';

/** `claude mcp …` as a child the reaper owns while it lives; /bin/sh stands in for the CLI. */
describe('runClaudeMcp', () => {
  const owner = () => ({ watch: vi.fn(), forget: vi.fn() });

  it('returns what it printed; the reaper watched the process and let it go once it exited', async () => {
    const reaper = owner();
    const output = await runClaudeMcp({ executablePath: '/bin/sh', reaper }, ['-c', 'echo Added server; echo note >&2'], '/', {});
    expect(output).toBe('Added server\nnote');
    const pid = reaper.watch.mock.calls[0]?.[0]?.pid as number;
    expect(pid).toBeGreaterThan(0);
    expect(reaper.forget).toHaveBeenCalledWith(pid);
  });

  it('turns a refusal into mcp.failed with the CLI\'s words', async () => {
    await expect(runClaudeMcp({ executablePath: '/bin/sh', reaper: owner() }, ['-c', 'echo No MCP server named tiny >&2; exit 1'], '/', {})).rejects.toMatchObject({
      code: 'mcp.failed',
      message: expect.stringContaining('No MCP server named tiny'),
    });
  });

  it('kills a command that outlives its timeout, with its process group', async () => {
    const reaper = owner();
    await expect(runClaudeMcp({ executablePath: '/bin/sh', reaper, timeoutMs: 300 }, ['-c', 'tail -f /dev/null & wait'], '/', {})).rejects.toMatchObject({
      code: 'mcp.failed',
      message: expect.stringContaining('timed out after 0.3 s'),
    });
    expect(reaper.forget).toHaveBeenCalled();
  });
});
