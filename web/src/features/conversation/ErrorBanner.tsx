import { X } from 'lucide-react';

/** The red banner above the messages (spec §2, §8). */
export function ErrorBanner({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className="mx-auto mt-2 flex w-full max-w-3xl items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
      <span className="flex-1">{message}</span>
      <button type="button" aria-label="Dismiss error" onClick={onDismiss} className="text-red-700 hover:text-red-900 dark:text-red-300 dark:hover:text-red-100">
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}
