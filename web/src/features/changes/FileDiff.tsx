import type { GitBase, GitChange } from '@cui/contract';
import { useEffect } from 'react';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import type { ChangesButtonProps } from './ChangesButton';

interface FileDiffProps {
  sessionId: string;
  change: GitChange;
  base: GitBase;
  /** The panel's revision: the diff reloads with the list. */
  revision: string;
  DiffView: ChangesButtonProps['DiffView'];
  languageOf: ChangesButtonProps['languageOf'];
}

/** One file's diff in the conversation's diff viewer (staged: index against HEAD; else the working tree). */
export function FileDiff({ sessionId, change, base, revision, DiffView, languageOf }: FileDiffProps) {
  const diff = useApiQuery(routes.git.diff, { params: { sessionId }, query: { path: change.path, staged: change.staged ? 'true' : 'false', base } });
  const { refetch } = diff;
  useEffect(() => refetch(), [revision, refetch]);
  if (diff.error) return <p role="alert" className="text-red-600">{diff.error.message}</p>;
  if (!diff.data) return <div aria-busy="true" className="h-16" />;
  if (diff.data.binary) return <p className="text-neutral-500">{change.path}: binary file, not shown.</p>;
  return <DiffView oldText={diff.data.oldText} newText={diff.data.newText} language={languageOf(change.path)} title={change.path} />;
}
