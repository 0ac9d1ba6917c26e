/**
 * The transcript index: reads the CLI's transcripts (in worker threads or in this thread), folds them into SQLite rows,
 * links summaries across sessions and watches the projects directory. The sessions feature composes it.
 */
export { createIndexPool, inThreadPool, workersPayOff, type IndexPool } from './index-pool';
export { createIndexStore, type IndexStore } from './index-store';
export { createSessionIndexer, type SessionIndexer } from './session-indexer';
export { createSummaryLinks } from './summary-links';
export { pageIsSettled } from './sweep-frontier';
export { watchTranscripts } from './transcript-watcher';
export { USAGE_COLUMNS, usageOf, type UsageRow } from './usage-columns';
