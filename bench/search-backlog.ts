/** How far the server's search index trails its saved messages, read from cui.db by a second (read-only) connection. */
import path from 'node:path';
import Database from 'better-sqlite3';

export interface SearchBacklog {
  /** Saved messages the FTS index does not hold yet (0 once caught up). */
  behind(): number;
  /** Resolves once the FTS index holds every saved message. */
  caughtUp(): Promise<void>;
  close(): void;
}

export function searchBacklog(cuiHome: string): SearchBacklog {
  const db = new Database(path.join(cuiHome, 'cui.db'), { readonly: true });
  const query = db.prepare('SELECT (SELECT COALESCE(MAX(id), 0) FROM session_text) - (SELECT indexed_through FROM search_state)').pluck();
  const behind = (): number => query.get() as number;
  return {
    behind,
    async caughtUp() {
      while (behind() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: () => db.close(),
  };
}
