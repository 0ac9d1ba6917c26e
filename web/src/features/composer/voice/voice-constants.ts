/** Spec §9: how the composer records (the browser may ignore the rate and channel count, e.g. a fake device). */
export const RECORDING = {
  mimeType: 'audio/webm;codecs=opus',
  audioBitsPerSecond: 16_000,
  sampleRate: 16_000,
  channelCount: 1,
  /** A chunk every 250 ms. */
  timesliceMs: 250,
  /** The elapsed timer's update interval. */
  timerMs: 100,
  /** The live waveform's frame rate. */
  waveformFps: 15,
} as const;

/** Spec §8 microphone messages. */
export const MIC_MESSAGES = {
  unsupported: 'Audio recording is not supported in this browser',
  denied: 'Microphone access denied. Please allow microphone access and try again.',
  noDevice: 'No microphone found. Please check your audio device.',
  failedToStart: (detail: string) => `Failed to start recording: ${detail}`,
  failedToProcess: 'Failed to process recorded audio',
  /** Spec §5: an empty transcription inserts nothing. */
  noSpeech: 'No speech detected',
} as const;

/** The §8 message for a failed microphone start (a DOMException's name says which). */
export function microphoneErrorMessage(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return MIC_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return MIC_MESSAGES.noDevice;
  if (name === 'NotSupportedError') return MIC_MESSAGES.unsupported;
  return MIC_MESSAGES.failedToStart(error instanceof Error ? error.message : String(error));
}

/** 'm:ss.t' of an elapsed time: tenths, so the timer's 100 ms updates can be seen. */
export function formatElapsed(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.${tenths % 10}`;
}

/**
 * Puts dictated text in place of the selection (the cursor when nothing is selected), with a space on either side
 * where it would otherwise run into a word. Returns the new text and where the cursor goes (after the insertion).
 */
export function insertAtCursor(text: string, insertion: string, start: number, end: number = start): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^\s/.test(after) ? ' ' : '';
  const inserted = `${lead}${insertion}${trail}`;
  return { text: before + inserted + after, caret: before.length + lead.length + insertion.length };
}
