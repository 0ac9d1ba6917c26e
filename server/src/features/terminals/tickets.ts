import { createHash, randomBytes } from 'node:crypto';
import { TERMINAL_TICKET_TTL_MS } from '@cui/contract';

/**
 * Single-use, short-lived tickets for a terminal's socket. A ticket is 32 random bytes in base64url without padding
 * (`=` is no valid subprotocol character); only its sha256 is kept, bound to one terminal, and it is taken (deleted)
 * by its first use, valid or not for that terminal.
 */
export interface TicketStore {
  mint(terminalId: string): string;
  /** The terminal the ticket was minted for, once; undefined for an unknown, used or expired ticket. */
  take(ticket: string): string | undefined;
  /** Forgets the tickets of a terminal that ended. */
  forgetTerminal(terminalId: string): void;
}

const digest = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

export function createTicketStore(options: { ttlMs?: number; now?: () => number } = {}): TicketStore {
  const ttlMs = options.ttlMs ?? TERMINAL_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const tickets = new Map<string, { terminalId: string; expiresAt: number }>();
  const sweep = (): void => {
    const time = now();
    for (const [key, entry] of tickets) if (entry.expiresAt <= time) tickets.delete(key);
  };
  return {
    mint(terminalId) {
      sweep();
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(digest(ticket), { terminalId, expiresAt: now() + ttlMs });
      return ticket;
    },
    take(ticket) {
      const key = digest(ticket);
      const entry = tickets.get(key);
      tickets.delete(key);
      return entry && entry.expiresAt > now() ? entry.terminalId : undefined;
    },
    forgetTerminal(terminalId) {
      for (const [key, entry] of tickets) if (entry.terminalId === terminalId) tickets.delete(key);
    },
  };
}
