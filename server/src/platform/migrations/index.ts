import { m001SessionInfo } from './001-session-info';
import { m002SessionIndex } from './002-session-index';
import { m003TrustedFolders } from './003-trusted-folders';
import { m004SummaryTitles } from './004-summary-titles';
import { m005LiveRuns } from './005-live-runs';
import { m006ReindexToolMetrics } from './006-reindex-tool-metrics';
import { m007PushSubscriptions } from './007-push-subscriptions';
import { m008SessionUsage } from './008-session-usage';
import { m009SessionSearch } from './009-session-search';
import { m010SearchMerge } from './010-search-merge';
import { m011PermissionDecisions } from './011-permission-decisions';
import { m012SearchToolInputs } from './012-search-tool-inputs';
import { m013Schedules } from './013-schedules';
import { m014Branches } from './014-branches';
import { m015SearchRowsOnly } from './015-search-rows-only';
import { m016NamedSessions } from './016-named-sessions';
import { m017SearchWideMerges } from './017-search-wide-merges';
import { m018SearchWordIndex } from './018-search-word-index';

/** One schema change. Versions are applied in order, each in its own transaction, exactly once. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations: Migration[] = [m001SessionInfo, m002SessionIndex, m003TrustedFolders, m004SummaryTitles, m005LiveRuns, m006ReindexToolMetrics, m007PushSubscriptions, m008SessionUsage, m009SessionSearch, m010SearchMerge, m011PermissionDecisions, m012SearchToolInputs, m013Schedules, m014Branches, m015SearchRowsOnly, m016NamedSessions, m017SearchWideMerges, m018SearchWordIndex];
