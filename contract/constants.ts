/**
 * The contract's plain values: no zod here, so the web's first load can import them (`@cui/contract/constants`)
 * without the schemas. The schemas that use them import them from this file.
 */

/** The access token: exactly 32 lower-case hex characters (spec §5). */
export const AUTH_TOKEN_PATTERN = /^[a-f0-9]{32}$/;

/** The CLI's permission modes (spec §4), in the composer's order. */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'bypassPermissions', 'plan'] as const;

/** The composer's label for each permission mode (spec §4). */
export const PERMISSION_MODE_LABELS: Record<(typeof PERMISSION_MODES)[number], string> = {
  default: 'Ask',
  acceptEdits: 'Auto',
  bypassPermissions: 'Yolo',
  plan: 'Plan',
};

/** Longest custom name (spec §9). */
export const CUSTOM_NAME_MAX = 200;

/** Most messages one details window may ask for. */
export const MAX_DETAILS_WINDOW = 5000;
