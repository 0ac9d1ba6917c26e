/** Shapes shared by the fake Anthropic Messages API's modules. */

/** One content block the scripted model emits (ids and signatures are added by the writer). */
export type ScriptBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown> };

/** How fast a message is streamed: `chunkChars` characters per delta, `delayMs` between deltas. */
export interface Pace {
  chunkChars: number;
  delayMs: number;
}

export type ScriptReply =
  | { kind: 'message'; blocks: ScriptBlock[]; pace?: Pace }
  | { kind: 'error'; status: number; errorType: string; message: string };

/** What the scripted model knows about one Messages API request (derived statelessly from its body). */
export interface Conversation {
  model: string;
  stream: boolean;
  /** Names in the request's `tools` array. */
  tools: string[];
  /** Tool names the CLI lists as deferred (loadable through ToolSearch). */
  deferredTools: string[];
  /** The last user text that is neither a tool_result nor a `<system-reminder>`; '' when none. */
  prompt: string;
  /** All text of the last user message (reminders and tool results included). */
  lastUserText: string;
  /** Assistant turns after the prompt's message. */
  step: number;
  /** Tool calls the assistant made after the prompt, in order. */
  toolCalls: { name: string; input: Record<string, unknown> }[];
  /** The text of the last tool_result after the prompt, if any. */
  lastToolResult: string | undefined;
  /** Whether that last tool_result was an error. */
  lastToolResultIsError: boolean;
  /** Working directory from the `Primary working directory:` text, if present. */
  cwd: string | undefined;
  /** Plan-mode plan file the CLI asks the model to write, if any. */
  planFile: string | undefined;
  /** Number of entries in `messages`. */
  historyLength: number;
  /** Joined text of the `system` parameter. */
  systemText: string;
  /** Approximate request size, used for plausible usage numbers. */
  bodyBytes: number;
}

export interface Scenario {
  name: string;
  /** Whether this scenario handles the conversation (checked in registry order). */
  matches(conversation: Conversation): boolean;
  reply(conversation: Conversation): ScriptReply;
}

/** One request the fake received, for assertions in tests. */
export interface RecordedRequest {
  n: number;
  method: string;
  /** Path including the query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** HTTP status the fake answered with. */
  status: number;
  model?: string;
  stream?: boolean;
  lastUserText?: string;
  lastToolResult?: string;
  scenario?: string;
  step?: number;
  tools?: string[];
  historyLength?: number;
  /** The client went away before the reply was fully written. */
  closedEarly: boolean;
  /** The parsed JSON body (messages routes only). */
  body?: unknown;
}
