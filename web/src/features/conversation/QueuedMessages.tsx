import type { QueuedMessage } from '@cui/contract';
import { Send, X } from 'lucide-react';
import { Button } from '@/ui';

/** Messages waiting for the current turn to end: each can be removed, or sent now (which interrupts the turn). */
export function QueuedMessages({ queued, onRemove, onSendNow }: { queued: QueuedMessage[]; onRemove(message: QueuedMessage): void; onSendNow(message: QueuedMessage): void }) {
  if (queued.length === 0) return null;
  return (
    <ul className="mx-auto flex w-full max-w-3xl flex-col gap-1 px-4" aria-label="Queued messages">
      {queued.map((message) => (
        <li key={message.id} className="flex items-center gap-2 rounded-md border border-dashed border-neutral-300 px-3 py-1.5 text-sm dark:border-neutral-700">
          <span className="text-xs text-neutral-500 uppercase">Queued</span>
          <span className="min-w-0 flex-1 truncate">{message.text}</span>
          <Button variant="ghost" size="sm" onClick={() => onSendNow(message)} aria-label={`Send now: ${message.text}`}>
            <Send size={12} aria-hidden /> Send now
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onRemove(message)} aria-label={`Remove queued: ${message.text}`}>
            <X size={12} aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
