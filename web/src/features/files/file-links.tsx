import { Folder } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/ui';

/**
 * The search that opens the files sheet: on a file (at a line, or at the first line holding `find`: an Edit's new
 * text, whose line the page learns once the file is read), or on the conversation's folder when none.
 */
export function fileHref(file?: string, line?: number, find?: string): string {
  const params = new URLSearchParams({ files: file ?? '' });
  if (line && line > 1) params.set('line', String(line));
  else if (find?.trim()) params.set('find', find.trim().split('\n')[0]!.slice(0, 200));
  return `?${params.toString()}`;
}

/** The conversation header's Files button (a plain title, not a Tooltip: the first paint is at its weight limit). */
export function FilesButton() {
  return (
    <Button asChild variant="ghost" size="icon" aria-label="Files" title="Files">
      <Link to={fileHref()}>
        <Folder size={16} aria-hidden />
      </Link>
    </Button>
  );
}
