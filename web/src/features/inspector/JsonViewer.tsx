import { CopyButton } from '@/ui';
import { JsonNode } from './JsonNode';

export interface JsonViewerProps {
  value: unknown;
  /** Accessible name of the viewer region. */
  label?: string;
}

/** A result as a collapsible JSON tree, readable in both themes, with 'Copy JSON'. */
export function JsonViewer({ value, label = 'Result' }: JsonViewerProps) {
  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-2">
      <div className="flex justify-end">
        <CopyButton text={() => JSON.stringify(value, null, 2)} />
      </div>
      <div className="max-h-[32rem] overflow-auto rounded-md border border-neutral-200 bg-neutral-50 p-2 font-mono text-xs text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100">
        <JsonNode value={value} depth={0} />
      </div>
    </section>
  );
}
