import { GitBranch } from 'lucide-react';
import { Button } from '@/ui';
import { TOUCH_ROW } from './touch-size';

/** The home composer's 'Worktree' option (issue 18), a pressed/unpressed button; see use-worktree-option.ts. */
export function WorktreeToggle({ on, onChange, disabled }: { on: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <Button
      type="button"
      size="sm"
      variant={on ? 'secondary' : 'ghost'}
      aria-pressed={on}
      title="Work in a new git worktree of this repository (its own folder and branch)"
      disabled={disabled}
      className={TOUCH_ROW}
      onClick={() => onChange(!on)}
    >
      <GitBranch size={14} aria-hidden />
      <span>Worktree</span>
    </Button>
  );
}
