import type { TranscriptRetention } from '@cui/contract';
import { z } from 'zod';
import { parseJsonOrUndefined, readSmallRegularFile } from './bounded-read';

/**
 * The `cleanupPeriodDays` the console's runs pass when the user set none: Claude Code's default (30 days)
 * would delete older transcripts in the background of a run, and with them sessions the console lists.
 * A flag setting outranks project and local settings, so a repository cannot shorten it either.
 */
export const KEEP_TRANSCRIPTS_DAYS = 36_500;

const MAX_USER_SETTINGS_BYTES = 1024 * 1024;
const UserSettings = z.looseObject({ cleanupPeriodDays: z.number().int().positive().optional().catch(undefined) });

/** The retention in force: the user's own `cleanupPeriodDays` from their Claude Code settings, if any. */
export function readTranscriptRetention(userSettingsPath: string): TranscriptRetention {
  const value = parseJsonOrUndefined(readSmallRegularFile(userSettingsPath, MAX_USER_SETTINGS_BYTES));
  const parsed = UserSettings.safeParse(value ?? {});
  const configuredDays = parsed.success ? (parsed.data.cleanupPeriodDays ?? null) : null;
  return { configuredDays, settingsPath: userSettingsPath };
}
