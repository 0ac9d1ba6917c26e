import type { Migration } from './index';

/** Web push subscriptions, one row per endpoint (a push service answering 404/410 deletes its row). */
export const m007PushSubscriptions: Migration = {
  version: 7,
  name: 'push-subscriptions',
  sql: `
    CREATE TABLE push_subscriptions (
      endpoint TEXT PRIMARY KEY,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      user_agent TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      last_success_at TEXT,
      failure_count INTEGER NOT NULL DEFAULT 0
    );
  `,
};
