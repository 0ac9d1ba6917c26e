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
const TIMESTAMP_AFTER_UUID = Buffer.from('","timestamp":"');
const UUID_KEY = Buffer.from('"uuid":"');
const ASSISTANT_UUID = Buffer.from('"type":"assistant","uuid":"');
const TASK_TOOLS = [Buffer.from('"name":"Task"'), Buffer.from('"name":"Agent"')];
const UUID_LENGTH = 36;

/** Lines shorter than this are parsed: the raw reading only pays off on large ones. */
export const FAST_MIN_BYTES = 4096;

/** The top-level uuid: the first `"uuid":"<36 chars>","timestamp":"` in the line (searched natively, nothing copied). */
function userUuid(line: Buffer): string | undefined {
  for (let at = line.indexOf(TIMESTAMP_AFTER_UUID); at >= 0; at = line.indexOf(TIMESTAMP_AFTER_UUID, at + 1)) {
    const keyAt = at - UUID_LENGTH - UUID_KEY.length;
    if (keyAt >= 0 && line.compare(UUID_KEY, 0, UUID_KEY.length, keyAt, keyAt + UUID_KEY.length) === 0) {
      return line.toString('latin1', at - UUID_LENGTH, at);
    }
  }
  return undefined;
}

function assistantUuid(line: Buffer): string | undefined {
  if (TASK_TOOLS.some((name) => line.indexOf(name) >= 0)) return undefined;
  const at = line.indexOf(ASSISTANT_UUID);
  if (at < 0) return undefined;
  const from = at + ASSISTANT_UUID.length;
  if (line.compare(TIMESTAMP_AFTER_UUID, 0, TIMESTAMP_AFTER_UUID.length, from + UUID_LENGTH, from + UUID_LENGTH + TIMESTAMP_AFTER_UUID.length) !== 0) return undefined;
  return line.toString('latin1', from, from + UUID_LENGTH);
}

export function fastLinks(buf: Buffer, start: number, end: number): FastLinks | undefined {
  if (end - start < FAST_MIN_BYTES) return undefined;
  const head = HEAD.exec(buf.toString('latin1', start, start + 300));
  if (!head) return undefined;
  const line = buf.subarray(start, end);
  const uuid = head[4]?.startsWith('"type":"user"') ? userUuid(line) : assistantUuid(line);
  if (!uuid) return undefined;
  return { uuid, parentUuid: head[2] ?? null, isSidechain: head[3] === 'true' };
}
