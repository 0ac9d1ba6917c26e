import { describe, expect, it } from 'vitest';
import { bearerToken, hostAllowed, isApiPath, isForeignFetch, isLoopbackAddress, isSameOrigin, isStateChanging, parseHostHeader, tokensEqual } from './security';

describe('tokensEqual', () => {
  it('is true only for identical tokens, whatever their lengths', () => {
    expect(tokensEqual('a'.repeat(32), 'a'.repeat(32))).toBe(true);
    expect(tokensEqual('a'.repeat(32), `${'a'.repeat(31)}b`)).toBe(false);
    expect(tokensEqual('a'.repeat(32), 'a')).toBe(false);
    expect(tokensEqual('', 'a'.repeat(32))).toBe(false);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header in any case', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
  });

  it('returns undefined for other schemes, a bare token and no header', () => {
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('abc')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('isApiPath', () => {
  it.each(['/api', '/api/', '/api/config', '/API/config', '/api/logs/recent?limit=1'])('guards %s', (url) => {
    expect(isApiPath(url)).toBe(true);
  });

  it.each(['/', '/c/123', '/inspector', '/apidocs', '/assets/api.js', '/?x=/api/'])('leaves %s open', (url) => {
    expect(isApiPath(url)).toBe(false);
  });
});

describe('loopback and host checks', () => {
  it('recognises loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.9.8.7', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['0.0.0.0', '10.0.0.1', '::', '128.0.0.1', 'localhost']) expect(isLoopbackAddress(address)).toBe(false);
  });

  it('parses Host headers with and without a port', () => {
    expect(parseHostHeader('localhost:3001')).toEqual({ hostname: 'localhost', port: 3001 });
    expect(parseHostHeader('[::1]:3001')).toEqual({ hostname: '[::1]', port: 3001 });
    expect(parseHostHeader('example.com')).toEqual({ hostname: 'example.com', port: undefined });
    expect(parseHostHeader('a:b:c')).toBeUndefined();
  });

  const loopback = { address: '127.0.0.1', port: 3001 };

  it('accepts loopback names with the bound port when bound to loopback', () => {
    for (const host of ['localhost:3001', '127.0.0.1:3001', '127.0.0.2:3001', '[::1]:3001', 'LocalHost:3001']) expect(hostAllowed(host, loopback)).toBe(true);
  });

  it('refuses other names, other ports and no Host when bound to loopback', () => {
    for (const host of ['evil.example:3001', 'evil.example', 'localhost:3002', 'localhost', '127.0.0.1.nip.io:3001', undefined]) expect(hostAllowed(host, loopback)).toBe(false);
    expect(hostAllowed('localhost:3001', { address: '::1', port: 3002 })).toBe(false);
  });

  it('accepts any Host when bound to a non-loopback address', () => {
    expect(hostAllowed('my-box.lan:3001', { address: '0.0.0.0', port: 3001 })).toBe(true);
  });
});

describe('origin checks', () => {
  it('treats an Origin naming the request host as same-origin', () => {
    expect(isSameOrigin('http://127.0.0.1:3001', '127.0.0.1:3001')).toBe(true);
    expect(isSameOrigin('http://localhost:3001', '127.0.0.1:3001')).toBe(false);
    expect(isSameOrigin('https://evil.example', '127.0.0.1:3001')).toBe(false);
    expect(isSameOrigin('null', '127.0.0.1:3001')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3001', undefined)).toBe(false);
  });

  it('counts every method but GET, HEAD and OPTIONS as state-changing', () => {
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].every(isStateChanging)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isStateChanging)).toBe(false);
  });
});

describe('isForeignFetch', () => {
  it('is true for cross-site and same-site fetches (every localhost port is one site)', () => {
    expect(isForeignFetch('cross-site')).toBe(true);
    expect(isForeignFetch('same-site')).toBe(true);
  });

  it('is false for same-origin, a typed URL and clients that send no fetch metadata', () => {
    expect(isForeignFetch('same-origin')).toBe(false);
    expect(isForeignFetch('none')).toBe(false);
    expect(isForeignFetch(undefined)).toBe(false);
  });
});
