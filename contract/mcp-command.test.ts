import { describe, expect, it } from 'vitest';
import { mcpCommandArgs, shellQuote } from './mcp-command';

describe('claude mcp commands', () => {
  it('always names the scope, and passes the server command after -- as separate arguments', () => {
    expect(mcpCommandArgs({ action: 'add', server: { name: 'tiny', scope: 'project', command: 'npx', args: ['-y', 'a b'] } })).toEqual(['mcp', 'add', 'tiny', '--scope', 'project', '--', 'npx', '-y', 'a b']);
    expect(mcpCommandArgs({ action: 'remove', server: { name: 'tiny', scope: 'user' } })).toEqual(['mcp', 'remove', 'tiny', '--scope', 'user']);
  });

  it('quotes what a shell would split or expand when it shows the command', () => {
    expect(['claude', 'mcp', '/usr/bin/node', 'a b', "it's", '$HOME'].map(shellQuote).join(' ')).toBe(`claude mcp /usr/bin/node 'a b' 'it'\\''s' '$HOME'`);
  });
});
