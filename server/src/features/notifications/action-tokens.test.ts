import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActionTokenStore } from './action-tokens';

const request = { id: 'perm-1', streamingId: 'run-1' };

function minted(store = createActionTokenStore(), permission = request) {
  const tokens = store.mint(permission);
  if (!tokens) throw new Error('no tokens minted');
  return { store, tokens };
}

describe('notification action tokens', () => {
  it('mints two different 256-bit base64url tokens once per request, each naming its decision', () => {
    const { store, tokens } = minted();
    expect(tokens.approve).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.deny).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.approve).not.toBe(tokens.deny);
    expect(Buffer.from(tokens.approve, 'base64url')).toHaveLength(32);
    expect(store.lookup(tokens.approve)).toEqual({ state: 'live', permissionId: 'perm-1', decision: 'approve' });
    expect(store.lookup(tokens.deny)).toEqual({ state: 'live', permissionId: 'perm-1', decision: 'deny' });
    expect(store.mint(request)).toBeUndefined();
  });

  it('knows a token only as itself: its hash, a prefix or another token are unknown', () => {
    const { store, tokens } = minted();
    expect(store.lookup(crypto.createHash('sha256').update(tokens.approve).digest('base64url'))).toEqual({ state: 'unknown' });
    expect(store.lookup(tokens.approve.slice(0, 42))).toEqual({ state: 'unknown' });
    expect(store.lookup('')).toEqual({ state: 'unknown' });
  });

  it('is single use: using one token kills both of its request, and no other request', () => {
    const store = createActionTokenStore();
    const first = minted(store).tokens;
    const second = minted(store, { id: 'perm-2', streamingId: 'run-1' }).tokens;
    store.use(first.approve);
    expect(store.lookup(first.approve)).toEqual({ state: 'unknown' });
    expect(store.lookup(first.deny)).toEqual({ state: 'unknown' });
    expect(store.lookup(second.deny)).toMatchObject({ state: 'live', permissionId: 'perm-2' });
  });

  it('answers decided once the request was decided another way, and unknown once its run ended', () => {
    const store = createActionTokenStore();
    const { tokens } = minted(store);
    const other = minted(store, { id: 'perm-9', streamingId: 'run-2' }).tokens;
    store.markDecided('perm-1');
    expect(store.lookup(tokens.approve)).toEqual({ state: 'decided', permissionId: 'perm-1' });
    expect(store.lookup(tokens.deny)).toEqual({ state: 'decided', permissionId: 'perm-1' });
    store.forgetRun('run-1');
    expect(store.lookup(tokens.approve)).toEqual({ state: 'unknown' });
    expect(store.lookup(other.approve)).toMatchObject({ state: 'live' });
  });

  it('forgets a pending request of an ended run at once', () => {
    const { store, tokens } = minted();
    store.forgetRun('run-1');
    expect(store.lookup(tokens.deny)).toEqual({ state: 'unknown' });
    expect(store.mint(request)).toBeDefined();
  });
});
