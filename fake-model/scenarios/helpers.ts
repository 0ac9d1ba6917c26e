import type { Conversation, ScriptBlock, ScriptReply } from '../types';

/** Building blocks shared by the scenarios. */

export const text = (value: string): ScriptBlock => ({ type: 'text', text: value });

export const message = (...blocks: ScriptBlock[]): ScriptReply => ({ kind: 'message', blocks });

/** Case-insensitive whole-word match of any of `words` in the prompt. */
export function promptHas(conversation: Conversation, ...words: string[]): boolean {
  return words.some((word) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\b`, 'i').test(conversation.prompt));
}

/** The last tool result, shortened for quoting in a final answer. */
export function quoteLastResult(conversation: Conversation, max = 160): string {
  const result = (conversation.lastToolResult ?? '').replace(/\s+/g, ' ').trim();
  if (!result) return 'no tool result';
  return result.length > max ? `${result.slice(0, max)}…` : result;
}

/** An absolute path inside the conversation's working directory, or undefined when it is unknown. */
export const inCwd = (conversation: Conversation, name: string): string | undefined =>
  conversation.cwd ? `${conversation.cwd.replace(/\/+$/, '')}/${name}` : undefined;

export const missingTool = (name: string): ScriptReply =>
  message(text(`The ${name} tool is not available in this session, so I cannot do that here.`));

/** The first of `names` offered in the request's tools (or loadable through ToolSearch). */
export function pickTool(conversation: Conversation, names: string[]): string | undefined {
  return names.find((name) => conversation.tools.includes(name)) ?? names.find((name) => conversation.deferredTools.includes(name));
}

/**
 * Calls `name` when the request offers it. A deferred tool is loaded first through ToolSearch
 * (once); anything else answers that the tool is missing.
 */
export function callTool(conversation: Conversation, intro: string, name: string, input: Record<string, unknown>): ScriptReply {
  if (conversation.tools.includes(name)) return message(text(intro), { type: 'tool_use', name, input });
  const searched = conversation.toolCalls.some((call) => call.name === 'ToolSearch' && String(call.input.query ?? '').includes(name));
  if (!searched && conversation.deferredTools.includes(name) && conversation.tools.includes('ToolSearch')) {
    return message(text(`Loading the ${name} tool first.`), { type: 'tool_use', name: 'ToolSearch', input: { query: `select:${name}`, max_results: 1 } });
  }
  return missingTool(name);
}

export interface ToolStep {
  intro: string;
  tool: string;
  input: Record<string, unknown>;
}

/**
 * Runs `steps` one tool call per request (progress = tool calls already made since the prompt,
 * ToolSearch loads excluded), then answers with `finish`.
 */
export function runSteps(conversation: Conversation, steps: ToolStep[], finish: (conversation: Conversation) => string): ScriptReply {
  const done = conversation.toolCalls.filter((call) => call.name !== 'ToolSearch').length;
  const next = steps[done];
  if (!next) return message(text(finish(conversation)));
  return callTool(conversation, next.intro, next.tool, next.input);
}
