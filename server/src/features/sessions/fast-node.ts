/**
 * The links of a large user or assistant line read from its raw bytes, without JSON.parse: large lines are
 * tool results (file contents, command output) and long answers, most of a transcript's bytes, and the
 * conversation view only needs their uuid, parentUuid and isSidechain. Only lines in the CLI's own layout
 * qualify; anything else (and assistant lines that start a subagent) returns undefined and is parsed.
 *
 *   user:      {"parentUuid":…,"isSidechain":…,["promptId":"…",]"type":"user","message":{"role":"user","content":[{"tool_use_id":"…
 *   assistant: {"parentUuid":…,"isSidechain":…,"message":{…},…,"type":"assistant","uuid":"…","timestamp":"…",…
 * In both, the top-level `"uuid":"<uuid>","timestamp":"` is the first such pair: message text is escaped
 * inside JSON strings, and toolUseResult (which may hold anything) comes after it.
 */
export interface FastLinks {
  uuid: string;
  parentUuid: string | null;
  isSidechain: boolean;
}

const HEAD = /^\{"parentUuid":(null|"([0-9a-f-]{36})"),"isSidechain":(true|false),(?:"promptId":"[0-9a-f-]{36}",)?("type":"user","message":\{"role":"user","content":\[\{"tool_use_id":"|"message":\{)/;
const USER_IDS = /"uuid":"([0-9a-f-]{36})","timestamp":"/;
const ASSISTANT_IDS = /"type":"assistant","uuid":"([0-9a-f-]{36})","timestamp":"/;
const TASK_TOOL = /"name":"(Task|Agent)"/;

/** Lines shorter than this are parsed: the raw reading only pays off on large ones. */
export const FAST_MIN_BYTES = 4096;

export function fastLinks(buf: Buffer, start: number, end: number): FastLinks | undefined {
  if (end - start < FAST_MIN_BYTES) return undefined;
  const head = HEAD.exec(buf.toString('latin1', start, start + 300));
  if (!head) return undefined;
  const text = buf.toString('latin1', start, end);
  const user = head[4]?.startsWith('"type":"user"');
  if (!user && TASK_TOOL.test(text)) return undefined;
  const ids = (user ? USER_IDS : ASSISTANT_IDS).exec(text);
  if (!ids?.[1]) return undefined;
  return { uuid: ids[1], parentUuid: head[2] ?? null, isSidechain: head[3] === 'true' };
}
