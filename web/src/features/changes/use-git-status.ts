import { useEffect, useState } from 'react';
import type { GitBase } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';

/** The conversation's git status against `base`, loaded again when `revision` changes and when the page gets focus. */
export function useGitStatus(sessionId: string, revision: string) {
  const [base, setBase] = useState<GitBase>('head');
  const query = useApiQuery(routes.git.status, { params: { sessionId }, query: { base } });
  const { refetch } = query;
  const [seen, setSeen] = useState(revision);
  if (seen !== revision) {
    setSeen(revision);
    refetch();
  }
  useEffect(() => {
    const onFocus = () => refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return { ...query, base, setBase };
}
