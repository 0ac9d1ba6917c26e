/** What a page that started a session's run passes to its conversation view (navigation state). */
export interface StartedRunState {
  /** The run's stream, followed before the session is listed. */
  streamingId: string;
  /** The prompt sent: shown at once, before the CLI writes it to the transcript. */
  prompt: string;
}

/** One field of the navigation state, when the page was opened with a StartedRunState. */
export function fromNavigation(state: unknown, key: keyof StartedRunState): string | undefined {
  const value = (state as Partial<Record<keyof StartedRunState, unknown>> | null)?.[key];
  return typeof value === 'string' ? value : undefined;
}
