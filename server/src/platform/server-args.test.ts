import { describe, expect, it } from 'vitest';
import { parseServerArgs, resolveTokenOverride, startupUrl, UsageError } from './server-args';

const token = '0123456789abcdef0123456789abcdef';

describe('parseServerArgs', () => {
  it('returns no overrides for no arguments', () => {
    expect(parseServerArgs([])).toEqual({ help: false });
  });

  it('reads --port, --host and --token in both spellings', () => {
    expect(parseServerArgs(['--port', '4000', '--host=0.0.0.0', '--token', token])).toEqual({ port: 4000, host: '0.0.0.0', token, help: false });
    expect(parseServerArgs(['--port=1'])).toEqual({ port: 1, help: false });
  });

  it.each([['0'], ['65536'], ['abc'], ['30.5'], ['-1']])('refuses the port %s', (port) => {
    expect(() => parseServerArgs(['--port', port])).toThrow(/--port must be a number from 1 to 65535/);
  });

  it('refuses an unknown argument', () => {
    expect(() => parseServerArgs(['--verbose'])).toThrow(new UsageError('Unknown argument: --verbose'));
  });

  it('refuses a flag without its value', () => {
    expect(() => parseServerArgs(['--port'])).toThrow(/--port needs a value/);
    expect(() => parseServerArgs(['--host', '--port', '3000'])).toThrow(/--host needs a value/);
  });

  it('refuses a token the login screen could not accept', () => {
    expect(() => parseServerArgs(['--token', 'ABCDEF0123456789ABCDEF0123456789'])).toThrow(/--token must be 32 lower-case hex/);
    expect(() => parseServerArgs(['--token', 'secret'])).toThrow(UsageError);
  });

  it('recognises --help', () => {
    expect(parseServerArgs(['--help']).help).toBe(true);
  });
});

describe('resolveTokenOverride', () => {
  const noFile = (): string => {
    throw new Error('no file expected');
  };

  it('prefers --token, then --token-file, then CUI_TOKEN, else none', () => {
    const other = 'f'.repeat(32);
    expect(resolveTokenOverride({ help: false, token }, { CUI_TOKEN: other }, noFile)).toBe(token);
    expect(resolveTokenOverride({ help: false, tokenFile: '/t' }, { CUI_TOKEN: other }, () => `${token}\n`)).toBe(token);
    expect(resolveTokenOverride({ help: false }, { CUI_TOKEN: other }, noFile)).toBe(other);
    expect(resolveTokenOverride({ help: false }, {}, noFile)).toBeUndefined();
  });

  it('refuses a malformed token from the file or the environment, and an empty file', () => {
    expect(() => resolveTokenOverride({ help: false }, { CUI_TOKEN: 'secret' }, noFile)).toThrow(/CUI_TOKEN must hold 32 lower-case hex/);
    expect(() => resolveTokenOverride({ help: false, tokenFile: '/t' }, {}, () => 'ABC')).toThrow(/the token file \/t must hold/);
    expect(() => resolveTokenOverride({ help: false, tokenFile: '/t' }, {}, () => '\n')).toThrow(/the token file \/t is empty/);
  });

  it('refuses --token together with --token-file', () => {
    expect(() => parseServerArgs(['--token', token, '--token-file', '/t'])).toThrow(/not both/);
  });
});

describe('startupUrl', () => {
  it('puts the token in the fragment', () => {
    expect(startupUrl('127.0.0.1', 3001, token)).toBe(`http://127.0.0.1:3001/#token=${token}`);
  });

  it('shows localhost for a wildcard bind and brackets an IPv6 address', () => {
    expect(startupUrl('0.0.0.0', 80, token)).toBe(`http://localhost:80/#token=${token}`);
    expect(startupUrl('::1', 3001, token)).toBe(`http://[::1]:3001/#token=${token}`);
  });
});
