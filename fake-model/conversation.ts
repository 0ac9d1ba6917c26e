import type { Conversation } from './types';

/** Reads a Messages API request body into the facts the scripted model needs. Tolerates any JSON. */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter(isObject) : [];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return blocksOf(value)
    .map((block) => (typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

const isReminder = (text: string): boolean => text.trimStart().startsWith('<system-reminder>');

/** The user's own text in a message, or undefined when the message carries tool results or only reminders. */
function promptTextOf(message: Json): string | undefined {
  if (message.role !== 'user') return undefined;
  const blocks = blocksOf(message.content);
  if (blocks.some((block) => block.type === 'tool_result')) return undefined;
  const texts = blocks
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => (block.text as string).trim())
    .filter((text) => text !== '' && !isReminder(text));
  return texts.at(-1);
}

function findCwd(messages: Json[], systemText: string): string | undefined {
  const texts = [...messages.map((message) => textOf(message.content)), systemText];
  for (const text of texts) {
    // The rest of the line: working directories may contain spaces.
    const match = /Primary working directory:[ \t]*([^\n]+)/.exec(text) ?? /working directory:[ \t]*([^\n]+)/i.exec(text);
    const cwd = match?.[1]?.trim();
    if (cwd) return cwd;
  }
  return undefined;
}

function findPlanFile(messages: Json[]): string | undefined {
  for (const message of messages) {
    const text = textOf(message.content);
    const match = /create your plan at (.+?\.md)\b/.exec(text) ?? /plan file exists at (.+?\.md)\b/i.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** Deferred tool names the CLI announces (one per line after a line mentioning deferred tools). */
function findDeferredTools(messages: Json[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    const text = textOf(message.content);
    for (const match of text.matchAll(/deferred tools[^\n]*\n((?:[A-Za-z_][\w-]*\n?)+)/gi)) {
      for (const line of match[1]?.split('\n') ?? []) if (line.trim()) names.add(line.trim());
    }
  }
  return [...names];
}

function toolResultText(block: Json): string {
  return typeof block.content === 'string' ? block.content : textOf(block.content);
}

function afterPrompt(messages: Json[], promptIndex: number): Pick<Conversation, 'step' | 'toolCalls' | 'lastToolResult' | 'lastToolResultIsError'> {
  const facts: ReturnType<typeof afterPrompt> = { step: 0, toolCalls: [], lastToolResult: undefined, lastToolResultIsError: false };
  for (const message of messages.slice(promptIndex + 1)) {
    if (message.role === 'assistant') facts.step += 1;
    for (const block of blocksOf(message.content)) {
      if (message.role === 'assistant' && block.type === 'tool_use' && typeof block.name === 'string') {
        facts.toolCalls.push({ name: block.name, input: isObject(block.input) ? block.input : {} });
      }
      if (message.role === 'user' && block.type === 'tool_result') {
        facts.lastToolResult = toolResultText(block);
        facts.lastToolResultIsError = block.is_error === true;
      }
    }
  }
  return facts;
}

function lastUserText(messages: Json[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  if (!last) return '';
  return blocksOf(last.content)
    .map((block) => (block.type === 'tool_result' ? toolResultText(block) : typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

export function readConversation(body: unknown, bodyBytes: number): Conversation {
  const request = isObject(body) ? body : {};
  const messages = Array.isArray(request.messages) ? request.messages.filter(isObject) : [];
  const systemText = textOf(request.system);
  let promptIndex = -1;
  let prompt = '';
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const text = promptTextOf(messages[index] as Json);
    if (text !== undefined) {
      promptIndex = index;
      prompt = text;
      break;
    }
  }
  const tools = Array.isArray(request.tools) ? request.tools.filter(isObject) : [];
  return {
    model: typeof request.model === 'string' ? request.model : 'claude-fake',
    stream: request.stream === true,
    tools: tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string'),
    deferredTools: findDeferredTools(messages),
    prompt,
    lastUserText: lastUserText(messages),
    ...afterPrompt(messages, promptIndex),
    cwd: findCwd(messages, systemText),
    planFile: findPlanFile(messages),
    historyLength: messages.length,
    systemText,
    bodyBytes,
  };
}
