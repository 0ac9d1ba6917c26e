import { describe, expect, it } from 'vitest';
import { routerRequestAllowed } from './router-guard';

const secret = 'a'.repeat(64);

describe('routerRequestAllowed', () => {
  it('accepts the secret as x-api-key or as a Bearer token', () => {
    expect(routerRequestAllowed({ 'x-api-key': secret }, secret)).toBe(true);
    expect(routerRequestAllowed({ authorization: `Bearer ${secret}` }, secret)).toBe(true);
  });
  it('refuses a missing, wrong or differently sized secret', () => {
    expect(routerRequestAllowed({}, secret)).toBe(false);
    expect(routerRequestAllowed({ 'x-api-key': 'b'.repeat(64) }, secret)).toBe(false);
    expect(routerRequestAllowed({ 'x-api-key': secret.slice(1) }, secret)).toBe(false);
    expect(routerRequestAllowed({ authorization: secret }, secret)).toBe(false);
    expect(routerRequestAllowed({ 'x-api-key': [secret, secret] }, secret)).toBe(false);
  });
  it('refuses any request with an Origin header, even with the secret', () => {
    expect(routerRequestAllowed({ 'x-api-key': secret, origin: 'http://localhost:3001' }, secret)).toBe(false);
    expect(routerRequestAllowed({ 'x-api-key': secret, origin: '' }, secret)).toBe(false);
  });
});
