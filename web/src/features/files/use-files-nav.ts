import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Opens a file (or the folder list, for an empty path) and closes the sheet, through the address's search. */
export function useFilesNav() {
  const [, setParams] = useSearchParams();
  const open = useCallback((file: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    next.set('files', file);
    next.delete('line');
    next.delete('find');
    return next;
  }), [setParams]);
  const close = useCallback(() => setParams((p) => {
    const next = new URLSearchParams(p);
    next.delete('files');
    next.delete('line');
    next.delete('find');
    return next;
  }), [setParams]);
  return { open, close };
}

export const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
export const dirName = (file: string): string => file.slice(0, Math.max(1, file.lastIndexOf('/')));
