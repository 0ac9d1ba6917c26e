import type Database from 'better-sqlite3';

/** One folder the user trusted in the console (table trusted_folders). */
export interface StoredTrust {
  path: string;
  trustedAt: string;
}

export interface TrustStore {
  list(): StoredTrust[];
  /** Trusts `folder` (again: keeps the first time) and returns the stored entry. */
  add(folder: string): StoredTrust;
  /** Removes the entry; false when there was none. */
  remove(folder: string): boolean;
}

export function createTrustStore(db: Database.Database): TrustStore {
  const list = db.prepare<[], { path: string; trusted_at: string }>('SELECT path, trusted_at FROM trusted_folders ORDER BY path');
  const insert = db.prepare('INSERT INTO trusted_folders (path, trusted_at) VALUES (?, ?) ON CONFLICT (path) DO NOTHING');
  const get = db.prepare<[string], { trusted_at: string }>('SELECT trusted_at FROM trusted_folders WHERE path = ?');
  const remove = db.prepare('DELETE FROM trusted_folders WHERE path = ?');
  return {
    list: () => list.all().map((row) => ({ path: row.path, trustedAt: row.trusted_at })),
    add(folder) {
      insert.run(folder, new Date().toISOString());
      return { path: folder, trustedAt: get.get(folder)?.trusted_at ?? new Date().toISOString() };
    },
    remove: (folder) => remove.run(folder).changes > 0,
  };
}
