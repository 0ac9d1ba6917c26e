/** A failed call's message, as the panel shows it ('No run works …' when the conversation has no live run). */
export function ErrorText({ error }: { error: Error }) {
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {error.message}
    </p>
  );
}
