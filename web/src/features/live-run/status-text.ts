import type { StreamEvent } from '@cui/contract';

/** Tool-specific status texts of spec §4 ('Status text from stream events'). */
const TOOL_STATUS: Record<string, string> = {
  Read: 'Reading file...',
  Write: 'Writing file...',
  Edit: 'Editing file...',
  MultiEdit: 'Editing multiple sections...',
  NotebookRead: 'Reading notebook...',
  NotebookEdit: 'Editing notebook...',
  Grep: 'Searching files...',
  Glob: 'Finding files...',
  LS: 'Listing directory...',
  Bash: 'Running command...',
  Task: 'Running task...',
  // CLI 2.1.330 names the subagent tool 'Agent'.
  Agent: 'Running task...',
  WebFetch: 'Fetching web content...',
  WebSearch: 'Searching web...',
  TodoRead: 'Reading To-Do...',
  TodoWrite: 'Updating To-Do...',
  exit_plan_mode: 'Finalizing plan...',
  ExitPlanMode: 'Finalizing plan...',
};

/** The status text while a tool runs: its own text, else 'Running {tool}...'. */
export function toolStatusText(toolName: string): string {
  return TOOL_STATUS[toolName] ?? `Running ${toolName}...`;
}

/**
 * The CLI retrying its API request (a refused connection while the model router restarts, an overloaded API):
 * 'Retrying... (attempt N/M)'.
 */
function retryText(event: Record<string, unknown>): string {
  const { attempt, max_retries: max } = event;
  return typeof attempt === 'number' && typeof max === 'number' ? `Retrying... (attempt ${attempt}/${max})` : 'Retrying...';
}

/** Text being typed: 'Initializing...' is over (issue 26.7), any other status stays as it was. */
export function statusWhileTyping(current: string): string {
  return current === 'Initializing...' ? 'Thinking...' : current;
}

/**
 * The status line text an event sets (spec §4 table), or undefined when the event leaves it as it was
 * (tool results, other system events, a resolved permission).
 */
export function statusTextFor(event: StreamEvent): string | undefined {
  switch (event.type) {
    case 'connected':
      return 'Running';
    case 'system_init':
      return 'Initializing...';
    case 'assistant': {
      const content = event.message.content;
      if (!Array.isArray(content)) return 'Processing...';
      const toolUse = content.find((block) => block.type === 'tool_use');
      return toolUse && 'name' in toolUse && typeof toolUse.name === 'string' ? toolStatusText(toolUse.name) : 'Thinking...';
    }
    case 'result':
      if (event.interrupted) return 'Interrupted';
      if (event.subtype === 'success') return 'Completed';
      if (event.subtype === 'error_max_turns') return 'Max turns reached';
      return 'Finished';
    case 'closed':
      return 'Closed';
    case 'error':
      return 'Error occurred';
    case 'permission_request':
      return 'Awaiting approval...';
    case 'permission_resolved':
      return 'Running';
    case 'queue_updated':
      return event.started ? 'Running' : undefined;
    // Typed text (assistant_delta) keeps the status as it was, the home rows' texts too.
    case 'system':
      return event.subtype === 'api_retry' ? retryText(event) : undefined;
    case 'user':
    case 'assistant_delta':
      return undefined;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
