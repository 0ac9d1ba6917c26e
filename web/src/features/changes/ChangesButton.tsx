import { lazy, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { GitCompare } from 'lucide-react';
import type { ViewMessage } from '@/features/live-run';
import { IconButton, MountOnceOpened } from '@/ui';

// The panel and its git code load when it is first opened (page weight: the conversation's first paint is at its limit).
const ChangesPanel = lazy(() => import('./ChangesPanel').then((m) => ({ default: m.ChangesPanel })));

/** What the panel needs from the conversation view; `DiffView` is the view's own diff viewer. */
export interface ChangesButtonProps {
  sessionId: string;
  /** Grows as the run's messages arrive and when it ends: the panel reloads then. */
  revision: string;
  messages: ViewMessage[];
  DiffView: ComponentType<{ oldText: string; newText: string; language: string; title?: string }>;
  /** The Prism language of a file path (the view's own detection: passed so the panel's chunk does not share it). */
  languageOf: (path: string) => string;
}

/** The header's 'Changes' button; `?panel=changes` opens the panel (the inbox's and notifications' links use it). */
export function ChangesButton(props: ChangesButtonProps) {
  const [search, setSearch] = useSearchParams();
  const open = search.get('panel') === 'changes';
  const setOpen = (next: boolean) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('panel', 'changes');
      else params.delete('panel');
      return params;
    }, { replace: true });
  return (
    <>
      <IconButton label="Changes" icon={<GitCompare size={16} aria-hidden />} onClick={() => setOpen(!open)} aria-pressed={open} />
      <MountOnceOpened open={open}>{open && <ChangesPanel {...props} onClose={() => setOpen(false)} />}</MountOnceOpened>
    </>
  );
}
