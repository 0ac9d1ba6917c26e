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

/**
 * What the console says when Claude Code has no credentials (issue 23): on home and in the conversation (a banner),
 * instead of the CLI's 'Not logged in · Please run /login', and as the answer to `/login` typed in the composer.
 */
export const SIGN_IN_TITLE = 'Claude Code is not signed in';
export const SIGN_IN_STEPS = [
  'Set ANTHROPIC_API_KEY in the environment before `npm start` (an API key from the Anthropic Console).',
  'Or run `claude setup-token` once and set the token it prints as CLAUDE_CODE_OAUTH_TOKEN before `npm start` (a Claude Pro/Max subscription).',
  'Or log in once with the Claude Code CLI (`claude`, then `/login`) using the same CLAUDE_CONFIG_DIR as this console.',
] as const;
/** The same guidance as one text (a run's answer, a log line). */
export const SIGN_IN_GUIDANCE = `${SIGN_IN_TITLE}. To sign in:\n${SIGN_IN_STEPS.map((step) => `- ${step}`).join('\n')}\nThen restart the console if you changed its environment, and send the message again.`;
