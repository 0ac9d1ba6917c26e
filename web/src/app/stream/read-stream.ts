import { fetchTransport, type StreamTarget, type StreamTransport } from './transport';

/** Turns one payload into a message; undefined skips it (a line that is not the contract's, logged by the decoder). */
export type Decode<T> = (payload: string) => T | undefined | Promise<T | undefined>;

export interface ReadStreamOptions<T> {
  target: StreamTarget;
  signal: AbortSignal;
  decode: Decode<T>;
  /** Called once the connection has opened (an OK response with a body). */
  onOpen?: () => void;
  /** The messages one chunk completed, in order; never empty. */
  onMessages: (messages: T[]) => void;
  /** The fetch transport with the API client's auth header unless given. */
  transport?: StreamTransport;
}

/**
 * Reads one stream until it ends: resolves when the far end closes it, rejects with a StreamError when it fails (a
 * 401 sends the user to the login screen first) or with the abort. Nothing decoded after an abort is delivered.
 */
export async function readStream<T>(options: ReadStreamOptions<T>): Promise<void> {
  const transport = options.transport ?? fetchTransport();
  await transport(options.target, options.signal, {
    onOpen: () => options.onOpen?.(),
    onPayloads: async (payloads) => {
      const messages: T[] = [];
      for (const payload of payloads) {
        const message = await options.decode(payload);
        if (message !== undefined) messages.push(message);
      }
      if (messages.length > 0 && !options.signal.aborted) options.onMessages(messages);
    },
  });
}
