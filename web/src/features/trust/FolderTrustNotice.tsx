import type { FolderSettingsSummary } from '@cui/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '@/ui';
import { useFolderTrust } from './use-folder-trust';

export interface FolderTrustNoticeProps {
  /** The working directory of the next run; nothing is shown without one. */
  folder: string | undefined;
}

function SettingsList({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <span className="font-medium">{label}:</span>{' '}
      {items.map((item, i) => (
        <span key={item}>
          {i > 0 && ', '}
          <code className="rounded bg-amber-100 px-1 font-mono text-xs dark:bg-amber-900/60">{item}</code>
        </span>
      ))}
    </div>
  );
}

function WouldEnable({ settings }: { settings: FolderSettingsSummary }) {
  return (
    <div className="mt-1 flex flex-col gap-0.5">
      <SettingsList label="Hook commands" items={settings.hooks} />
      <SettingsList label="MCP servers" items={settings.mcpServers} />
      <SettingsList label="Allow rules" items={settings.allowRules} />
    </div>
  );
}

/**
 * Shown where a run is about to start in a folder that is not trusted but has settings of its own:
 * says those settings are not loaded, what they would enable, and offers to trust the folder.
 */
export function FolderTrustNotice({ folder }: FolderTrustNoticeProps) {
  const { trust, trustedNow, busy, error, trustFolder } = useFolderTrust(folder);
  if (trustedNow) {
    return (
      <div role="status" className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
        <ShieldCheck size={14} aria-hidden /> Folder trusted: its settings load from the next run on.
      </div>
    );
  }
  if (!trust || trust.trusted || !trust.hasSettings) return null;
  return (
    <section
      aria-label="Folder settings not loaded"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <ShieldAlert size={16} aria-hidden className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1 break-words">
        <div>This folder is not trusted, so its own Claude Code settings are not loaded.</div>
        <WouldEnable settings={trust.settings} />
        {error && <div role="alert" className="mt-1 text-red-700 dark:text-red-300">{error}</div>}
      </div>
      <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => void trustFolder()}>
        Trust this folder
      </Button>
    </section>
  );
}
