import { useState } from 'react';
import type { GitBase, GitChange } from '@cui/contract';
import { Button } from '@/ui';
import type { GitActions } from './use-git-actions';

const LETTER: Record<GitChange['status'], string> = { modified: 'M', added: 'A', deleted: 'D', renamed: 'R', untracked: 'U', conflicted: '!' };

interface ChangeListProps {
  changes: GitChange[];
  base: GitBase;
  actions: GitActions;
  selected: GitChange | undefined;
  onOpen: (change: GitChange) => void;
}

/** The changed files, staged first; against HEAD each offers stage/unstage and discard (confirmed). */
export function ChangeList({ changes, base, actions, selected, onOpen }: ChangeListProps) {
  if (changes.length === 0) return <p className="text-neutral-500">No changes.</p>;
  const staged = changes.filter((c) => c.staged);
  const unstaged = changes.filter((c) => !c.staged);
  const editable = base === 'head';
  return (
    <div className="flex flex-col gap-3">
      {staged.length > 0 && (
        <Section title="Staged" action={editable ? <Button size="sm" variant="ghost" disabled={!!actions.pending} onClick={() => void actions.unstage()}>Unstage all</Button> : null}>
          {staged.map((c) => <Row key={`s:${c.path}`} change={c} actions={editable ? actions : undefined} selected={selected} onOpen={onOpen} />)}
        </Section>
      )}
      {unstaged.length > 0 && (
        <Section title={editable ? 'Not staged' : 'Changed since the session started'} action={editable ? <Button size="sm" variant="ghost" disabled={!!actions.pending} onClick={() => void actions.stage()}>Stage all</Button> : null}>
          {unstaged.map((c) => <Row key={`u:${c.path}`} change={c} actions={editable ? actions : undefined} selected={selected} onOpen={onOpen} />)}
        </Section>
      )}
    </div>
  );
}

function Section({ title, action, children }: { title: string; action: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <div className="flex items-center justify-between text-xs font-semibold text-neutral-500 uppercase">
        <span>{title}</span>
        {action}
      </div>
      <ul className="flex flex-col">{children}</ul>
    </section>
  );
}

function Row({ change, actions, selected, onOpen }: { change: GitChange; actions: GitActions | undefined; selected: GitChange | undefined; onOpen: (c: GitChange) => void }) {
  const [confirming, setConfirming] = useState(false);
  const isSelected = selected?.path === change.path && selected.staged === change.staged;
  const fresh = change.status === 'untracked' || change.status === 'added';
  return (
    <li className="flex flex-col border-b border-neutral-100 py-1 dark:border-neutral-800" data-testid="change-row">
      <div className="flex items-center gap-2">
        <span className="w-4 font-mono text-xs text-neutral-500" title={change.status}>{LETTER[change.status]}</span>
        <button type="button" className={`min-w-0 flex-1 truncate text-left font-mono text-xs hover:underline ${isSelected ? 'font-semibold' : ''}`} onClick={() => onOpen(change)} title={change.origPath ? `${change.origPath} → ${change.path}` : change.path}>
          {change.path}
        </button>
        {change.added !== undefined && <span className="font-mono text-xs text-green-700 dark:text-green-400">+{change.added}</span>}
        {change.removed !== undefined && <span className="font-mono text-xs text-red-700 dark:text-red-400">−{change.removed}</span>}
        {actions && (
          <>
            <Button size="sm" variant="ghost" disabled={!!actions.pending} onClick={() => void (change.staged ? actions.unstage([change.path]) : actions.stage([change.path]))}>
              {change.staged ? 'Unstage' : 'Stage'}
            </Button>
            {!change.staged && <Button size="sm" variant="ghost" disabled={!!actions.pending} onClick={() => setConfirming(true)}>Discard</Button>}
          </>
        )}
      </div>
      {actions && confirming && (
        <div role="group" aria-label="Confirm discard" className="flex flex-wrap items-center gap-2 py-1 text-xs">
          <span>{fresh ? `Delete ${change.path}? It is not in git: it cannot be brought back.` : `Discard the changes to ${change.path}?`}</span>
          <Button size="sm" variant="danger" onClick={() => { setConfirming(false); void actions.discard(change.path, fresh ? [change.path] : undefined); }}>
            {fresh ? 'Delete' : 'Discard'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>Cancel</Button>
        </div>
      )}
    </li>
  );
}
