import type Database from 'better-sqlite3';
import type { PushSubscription } from '@cui/contract';

/** A stored subscription, as web-push sends to it. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push_subscriptions table: one row per endpoint. */
export interface PushSubscriptionStore {
  /** Inserts or replaces the keys of this endpoint (a browser re-subscribing keeps one row). */
  upsert(subscription: PushSubscription, userAgent: string): void;
  /** True when a row was deleted. */
  remove(endpoint: string): boolean;
  /** Drops every subscription (the VAPID keys they were made for are gone). */
  removeAll(): void;
  list(): StoredSubscription[];
  recordSuccess(endpoint: string): void;
  recordFailure(endpoint: string): void;
}

export function createPushSubscriptionStore(db: Database.Database): PushSubscriptionStore {
  const upsert = db.prepare(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_agent, created_at) VALUES (@endpoint, @p256dh, @auth, @userAgent, @now)
     ON CONFLICT(endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, failure_count = 0`,
  );
  const remove = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?');
  const removeAll = db.prepare('DELETE FROM push_subscriptions');
  const list = db.prepare<[], { endpoint: string; p256dh: string; auth: string }>('SELECT endpoint, p256dh, auth FROM push_subscriptions ORDER BY created_at');
  const success = db.prepare('UPDATE push_subscriptions SET last_success_at = ?, failure_count = 0 WHERE endpoint = ?');
  const failure = db.prepare('UPDATE push_subscriptions SET failure_count = failure_count + 1 WHERE endpoint = ?');
  return {
    upsert: (subscription, userAgent) =>
      void upsert.run({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent: userAgent.slice(0, 300), now: new Date().toISOString() }),
    remove: (endpoint) => remove.run(endpoint).changes > 0,
    removeAll: () => void removeAll.run(),
    list: () => list.all().map((row) => ({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } })),
    recordSuccess: (endpoint) => void success.run(new Date().toISOString(), endpoint),
    recordFailure: (endpoint) => void failure.run(endpoint),
  };
}
