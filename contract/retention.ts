import { z } from 'zod';
import { defineRoute } from './route';

/**
 * How long Claude Code keeps transcripts. The CLI deletes transcripts older than `cleanupPeriodDays`
 * (its default: 30) in the background of a run; the console's runs switch that off unless the user set
 * `cleanupPeriodDays` in their own Claude Code settings.
 */
export const TranscriptRetention = z.object({
  /** The user's `cleanupPeriodDays`; null when they set none (transcripts are then kept). */
  configuredDays: z.number().int().positive().nullable(),
  /** The Claude Code user settings file the value is read from. */
  settingsPath: z.string(),
});
export type TranscriptRetention = z.infer<typeof TranscriptRetention>;

/** The transcript retention in force (shown in Settings). */
export const retentionRoutes = {
  get: defineRoute({ name: 'getTranscriptRetention', summary: 'The transcript retention in force (cleanupPeriodDays) and the settings file it is read from.', method: 'GET', path: '/api/retention', response: TranscriptRetention }),
};
