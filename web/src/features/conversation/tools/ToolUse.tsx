import type { ToolUseBlock } from '@cui/contract';
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { fileHref } from '@/features/files';
import { summarizeToolInput } from '@/lib/tool-input-summary';
import { Spinner } from '@/ui';
import { useConversationView } from '../conversation-context';
import { renderToolPanel } from './registry';
import { ToolError } from './ToolError';

/** One tool use: name and input summary, then its panel (or its error) once matched with a result. */
export function ToolUse({ block }: { block: ToolUseBlock }) {
  const view = useConversationView();
  const result = view.toolResults[block.id] ?? { status: 'pending' as const, result: '', is_error: false };
  const summary = summarizeToolInput(block.name, block.input, view.paths);
  return (
    <section className="flex flex-col gap-2" aria-label={`${block.name} tool`} data-tool={block.name} data-status={result.status}>
      <header className="flex min-w-0 items-center gap-2 text-sm">
        <Wrench size={14} aria-hidden className="shrink-0 text-neutral-400" />
        <span className="font-medium text-neutral-900 dark:text-neutral-100">{block.name}</span>
        {summary && <ToolSummaryText summary={summary} input={block.name in FILE_TOOLS ? block.input : undefined} />}
        {result.status === 'pending' && view.live && <Spinner size="sm" label={`${block.name} running`} />}
      </header>
      <div className="min-w-0 pl-5">
        {result.is_error ? <ToolError text={result.result} /> : renderToolPanel({ toolUseId: block.id, name: block.name, input: block.input, result })}
      </div>
    </section>
  );
}

/** Tools whose `file_path` opens in the files sheet (Read at the line it started from, Edit at its new text). */
const FILE_TOOLS: Record<string, true> = { Read: true, Edit: true, MultiEdit: true, Write: true, NotebookEdit: true };
const SUMMARY_CLASS = 'min-w-0 truncate font-mono text-xs text-neutral-500 dark:text-neutral-400';

function ToolSummaryText({ summary, input }: { summary: string; input?: Record<string, unknown> }) {
  const file = input?.file_path ?? input?.notebook_path;
  if (typeof file !== 'string' || !file.startsWith('/')) return <span className={SUMMARY_CLASS}>{summary}</span>;
  const line = typeof input?.offset === 'number' ? input.offset : undefined;
  const find = typeof input?.new_string === 'string' ? input.new_string : undefined;
  return <Link to={fileHref(file, line, find)} className={`${SUMMARY_CLASS} underline-offset-2 hover:underline`} title={`Open ${file}`}>{summary}</Link>;
}
