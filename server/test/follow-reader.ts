import { FollowEvent } from '@cui/contract';
import { waitFor, type TestServer } from './helpers';

export interface FollowReader {
  events: FollowEvent[];
  lines: string[];
  next(predicate: (event: FollowEvent) => boolean): Promise<FollowEvent>;
  close(): void;
}

/** Opens a session's follow stream (from byte `from`, else its end) and collects its events until closed. */
export async function follow(server: TestServer, sessionId: string, from?: number): Promise<{ status: number; reader: FollowReader }> {
  const controller = new AbortController();
  const response = await server.api(`/api/conversations/${sessionId}/follow${from === undefined ? '' : `?from=${from}`}`, { signal: controller.signal });
  const events: FollowEvent[] = [];
  const lines: string[] = [];
  const consume = async (): Promise<void> => {
    const decoder = new TextDecoder();
    let partial = '';
    try {
      for await (const chunk of response.body ?? []) {
        const parts = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
        partial = parts.pop() ?? '';
        lines.push(...parts);
        for (const line of parts) if (line && !line.startsWith(':')) events.push(FollowEvent.parse(JSON.parse(line)));
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  };
  if (response.ok) void consume();
  return {
    status: response.status,
    reader: { events, lines, next: (predicate) => waitFor(() => events.find(predicate), { timeoutMs: 30_000, message: 'follow event' }), close: () => controller.abort() },
  };
}

export const messagesOf = (events: FollowEvent[]) => events.flatMap((event) => (event.type === 'messages' ? event.messages : []));
export const textOf = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content));
