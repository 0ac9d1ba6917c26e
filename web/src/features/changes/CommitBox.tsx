import { useState } from 'react';
import { Button, Textarea } from '@/ui';
import type { GitActions } from './use-git-actions';

/** A commit message and the Commit button (the repository's hooks run; their output shows above). */
export function CommitBox({ actions, staged }: { actions: GitActions; staged: boolean }) {
  const [message, setMessage] = useState('');
  const commit = async () => {
    if (await actions.commit(message)) setMessage('');
  };
  return (
    <div className="flex flex-col gap-2">
      <Textarea aria-label="Commit message" placeholder="Commit message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      <Button size="sm" variant="primary" disabled={!staged || !message.trim() || !!actions.pending} onClick={() => void commit()}>
        {actions.pending === 'commit' ? 'Committing...' : 'Commit'}
      </Button>
      {!staged && <p className="text-xs text-neutral-500">Stage files to commit them.</p>}
    </div>
  );
}
