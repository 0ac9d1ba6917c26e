import type { RouterConfig } from '@cui/contract';

/** Parent → child over IPC: the only message; the child starts serving once it arrives. */
export interface RouterStartMessage {
  type: 'start';
  port: number;
  secret: string;
  providers: RouterConfig['providers'];
  rules: RouterConfig['rules'];
}

/** Child → parent: listening (`ready`), or could not build the server (`failed`; a listen failure exits 1 instead). */
export type RouterChildMessage = { type: 'ready'; port: number } | { type: 'failed'; message: string };
