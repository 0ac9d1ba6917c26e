import { useState } from 'react';
import { Button } from '@/ui';
import type { GitActions } from './use-git-actions';

/** A commit message and the Commit button (the repository's hooks run; their output shows above). */
export function CommitBox({ actions, staged }: { actions: GitActions; staged: boolean }) {
  const [message, setMessage] = useState('');
  const commit = async () => {
    if (await actions.commit(message)) setMessage('');
  };
  return (
    <div className="flex flex-col gap-2">
      {/* A plain field: ui/Textarea here made the bundler split it out of the conversation's first-paint chunks. */}
      <textarea
        aria-label="Commit message"
        placeholder="Commit message"
        rows={3}
        className="w-full rounded-md border border-neutral-300 bg-transparent px-3 py-2 text-sm dark:border-neutral-700"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Button size="sm" variant="primary" disabled={!staged || !message.trim() || !!actions.pending} onClick={() => void commit()}>
        {actions.pending === 'commit' ? 'Committing...' : 'Commit'}
      </Button>
      {!staged && <p className="text-xs text-neutral-500">Stage files to commit them.</p>}
    </div>
  );
}
