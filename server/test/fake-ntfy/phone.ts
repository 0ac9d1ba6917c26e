import { rawRequest, type RawResponse } from '../foundation-http';
import type { NtfyMessage } from './index';

/** A "phone" subscribed to one topic the way the ntfy apps poll: `GET /<topic>/json`, one JSON object per line. */
export interface NtfyPhone {
  /** The messages received so far (the stream's `open` event excluded). */
  received: NtfyMessage[];
  /** Resolves once the subscription is open, so nothing published after it is missed. */
  opened: Promise<void>;
  close(): void;
}

export function subscribePhone(ntfyUrl: string, topic: string): NtfyPhone {
  const controller = new AbortController();
  const received: NtfyMessage[] = [];
  let markOpen!: () => void;
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  const read = async (): Promise<void> => {
    const response = await fetch(`${ntfyUrl}/${topic}/json`, { signal: controller.signal });
    if (!response.body) throw new Error(`subscribe answered ${response.status} without a body`);
    const decoder = new TextDecoder();
    let partial = '';
    for await (const chunk of response.body) {
      const lines = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const event = JSON.parse(line) as { event: string };
        if (event.event === 'open') markOpen();
        else received.push(event as NtfyMessage);
      }
    }
  };
  read().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return { received, opened, close: () => controller.abort() };
}

/** What the phone saw after tapping an action button. */
export type TapResult = RawResponse;

/**
 * Replays an ntfy `http` action button the way the ntfy apps run it (wave2-verified.md §1): `android` as
 * ntfy-android's OkHttp does (POST, an empty body with no content type, no headers the action does not list), `web`
 * as the ntfy web app's fetch from its own origin does (cross-origin, `Origin` and `Sec-Fetch-Site: cross-site`,
 * fetch's text/plain type for an empty string body).
 */
export function tapAction(action: { url: string; method?: string }, style: 'android' | 'web', origin = 'https://ntfy.example'): Promise<TapResult> {
  const headers: Record<string, string> =
    style === 'android' ? { 'content-length': '0' } : { 'content-length': '0', origin, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'content-type': 'text/plain;charset=UTF-8' };
  return rawRequest(action.url, { method: action.method ?? 'POST', headers });
}
