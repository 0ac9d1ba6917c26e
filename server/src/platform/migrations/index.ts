import { m001SessionInfo } from './001-session-info';
import { m002SessionIndex } from './002-session-index';
import { m003PushSubscriptions } from './003-push-subscriptions';

/** One schema change. Versions are applied in order, each in its own transaction, exactly once. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations: Migration[] = [m001SessionInfo, m002SessionIndex, m003PushSubscriptions];
