import type { TrustedFolder } from '@cui/contract';
import { Button, Spinner } from '@/ui';
import { useTrustedFolders } from './use-trusted-folders';

function FolderRow({ folder, onRevoke }: { folder: TrustedFolder; onRevoke: () => void }) {
  return (
    <li className="flex items-center gap-2 py-1.5">
      <span className="min-w-0 flex-1 truncate font-mono text-xs" title={folder.path}>
        {folder.path}
      </span>
      {folder.source === 'console' ? (
        <Button type="button" size="sm" variant="ghost" onClick={onRevoke} aria-label={`Revoke trust of ${folder.path}`}>
          Revoke
        </Button>
      ) : (
        <span className="text-xs text-neutral-500 dark:text-neutral-400">trusted in Claude Code</span>
      )}
    </li>
  );
}

/**
 * Settings section: the folders whose own Claude Code settings (hooks, MCP servers, permission rules)
 * runs load. The console's entries can be revoked here; the CLI's own are listed for reference.
 */
export function TrustedFolders() {
  const { folders, error, revoke } = useTrustedFolders();
  return (
    <section aria-labelledby="trusted-folders-heading" className="flex flex-col gap-2">
      <h3 id="trusted-folders-heading" className="text-sm font-semibold">
        Trusted folders
      </h3>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        Runs load a folder's own settings (hooks, MCP servers, permission rules) only when it, or a folder above it, is trusted.
      </p>
      {error && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </div>
      )}
      {folders === null && !error && <Spinner size="sm" label="Loading trusted folders" />}
      {folders?.length === 0 && <p className="text-sm">No trusted folders.</p>}
      {folders && folders.length > 0 && (
        <ul aria-label="Trusted folders" className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {folders.map((folder) => (
            <FolderRow key={`${folder.source}:${folder.path}`} folder={folder} onRevoke={() => void revoke(folder)} />
          ))}
        </ul>
      )}
    </section>
  );
}
