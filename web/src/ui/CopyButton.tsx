import { useEffect, useState } from 'react';
import { Button } from './Button';

/** How long the button says 'Copied!' after a copy (spec §2). */
export const COPIED_MS = 2000;

export interface CopyButtonProps {
  /** The text put on the clipboard, read at click time. */
  text: () => string;
  label?: string;
}

/** 'Copy JSON' that reads 'Copied!' for 2 s once the clipboard holds the text. */
export function CopyButton({ text, label = 'Copy JSON' }: CopyButtonProps) {
  const [copiedAt, setCopiedAt] = useState<number>();
  useEffect(() => {
    if (copiedAt === undefined) return;
    const timer = setTimeout(() => setCopiedAt(undefined), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copy = () => {
    // A refused clipboard (no permission, insecure origin) leaves the label as it was: nothing was copied.
    navigator.clipboard.writeText(text()).then(() => setCopiedAt(Date.now()), () => undefined);
  };
  return (
    <Button type="button" size="sm" variant="secondary" onClick={copy}>
      {copiedAt === undefined ? label : 'Copied!'}
    </Button>
  );
}
