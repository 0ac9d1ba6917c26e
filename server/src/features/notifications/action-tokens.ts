import crypto from 'node:crypto';

/** What a notification action does: decide its permission request this way. */
export type ActionDecision = 'approve' | 'deny';

/** The two single-use secrets of one pending request, as they go into the notification (never logged). */
export interface ActionTokens {
  approve: string;
  deny: string;
}

/** What a token is good for, looked up by its hash. */
export type TokenLookup =
  | { state: 'live'; permissionId: string; decision: ActionDecision }
  /** The request was decided another way (console, the other channel): a tap gets 409 until the run ends. */
  | { state: 'decided'; permissionId: string }
  | { state: 'unknown' };

/**
 * The capability tokens behind notifications' Approve/Deny links. Each pending request gets two random 256-bit
 * tokens; only their SHA-256 hashes are kept, in memory, so a restart kills them all and a memory dump gives no link.
 * `use` kills both tokens of the request (single use); a request decided another way leaves its tokens answering
 * 'decided' until its run ends, when everything of the run is forgotten.
 */
export interface ActionTokenStore {
  /** Mints (once per request; later calls return undefined) the tokens of a pending request of run `streamingId`. */
  mint(permission: { id: string; streamingId: string }): ActionTokens | undefined;
  lookup(token: string): TokenLookup;
  /** Kills both tokens of the request the token belongs to. */
  use(token: string): void;
  /** The request was decided (by any path): its tokens now answer 'decided'. */
  markDecided(permissionId: string): void;
  /** The run ended: its tokens are forgotten (404 from now on). */
  forgetRun(streamingId: string): void;
}

interface Entry {
  permissionId: string;
  streamingId: string;
  decision: ActionDecision;
  decided: boolean;
}

const hash = (token: string): string => crypto.createHash('sha256').update(token).digest('base64url');
const newToken = (): string => crypto.randomBytes(32).toString('base64url');

export function createActionTokenStore(): ActionTokenStore {
  const byHash = new Map<string, Entry>();
  const hashesOf = new Map<string, string[]>();

  const drop = (permissionId: string): void => {
    for (const key of hashesOf.get(permissionId) ?? []) byHash.delete(key);
    hashesOf.delete(permissionId);
  };

  return {
    mint({ id, streamingId }) {
      if (hashesOf.has(id)) return undefined;
      const tokens: ActionTokens = { approve: newToken(), deny: newToken() };
      const keys = (['approve', 'deny'] as const).map((decision) => {
        const key = hash(tokens[decision]);
        byHash.set(key, { permissionId: id, streamingId, decision, decided: false });
        return key;
      });
      hashesOf.set(id, keys);
      return tokens;
    },
    lookup(token) {
      const entry = byHash.get(hash(token));
      if (!entry) return { state: 'unknown' };
      return entry.decided ? { state: 'decided', permissionId: entry.permissionId } : { state: 'live', permissionId: entry.permissionId, decision: entry.decision };
    },
    use(token) {
      const entry = byHash.get(hash(token));
      if (entry) drop(entry.permissionId);
    },
    markDecided(permissionId) {
      for (const key of hashesOf.get(permissionId) ?? []) {
        const entry = byHash.get(key);
        if (entry) entry.decided = true;
      }
    },
    forgetRun(streamingId) {
      const ids = new Set([...byHash.values()].filter((entry) => entry.streamingId === streamingId).map((entry) => entry.permissionId));
      for (const id of ids) drop(id);
    },
  };
}
