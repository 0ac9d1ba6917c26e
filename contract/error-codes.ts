/* Zod-free, so the web's first load can read the codes (`@cui/contract/error-codes`). */

/**
 * The closed set of error codes and the one HTTP status each maps to.
 * The wire body is always `{ error: <message>, code }` (spec §8: the client shows `error`, else 'HTTP {status}').
 */
export const ERROR_STATUS = {
  'auth.unauthorized': 401,
  'auth.rate_limited': 429,
  'request.invalid_json': 400,
  'request.too_large': 413,
  'request.forbidden_host': 403,
  'request.forbidden_origin': 403,
  'request.unsupported_media_type': 415,
  'request.bad_url': 400,
  'request.malformed': 400,
  'request.timeout': 408,
  'request.url_too_long': 414,
  'request.header_too_large': 431,
  'validation.failed': 400,
  'route.not_found': 404,
  'config.invalid': 400,
  'session.not_found': 404,
  /** A CLI outside the console (a terminal) holds the session: it can be continued once that CLI has stopped. */
  'session.active_in_terminal': 409,
  'run.not_found': 404,
  'run.finished': 410,
  'run.start_failed': 500,
  'run.limit_reached': 429,
  /** A resume of a session whose run is being stopped: a second CLI must not work it meanwhile (issue 29.16). */
  'run.session_busy': 409,
  'router.unavailable': 503,
  /** No such queued message (it started already, or was removed). */
  'run.message_not_found': 404,
  'cli.not_found': 400,
  'cli.not_executable': 400,
  /** The CLI could not be asked (it did not start or answer in time): e.g. its slash commands. */
  'cli.unavailable': 503,
  /** An image of a message is no PNG, JPEG, GIF or WebP (by its bytes), or a message has more than 10. */
  'message.image_invalid': 400,
  /** An image of a message is over 5 MB. */
  'message.image_too_large': 413,
  'permission.not_found': 404,
  'permission.already_decided': 409,
  /** An approval asked for "don't ask again" on a request the CLI gave no suggestion for. */
  'permission.no_such_suggestion': 400,
  /** The live CLI refused a mode or model switch (e.g. an unknown model, an unreachable API). */
  'run.switch_failed': 502,
  'fs.path_required': 400,
  'fs.invalid_path': 400,
  'fs.not_found': 404,
  'fs.not_a_directory': 400,
  'fs.not_a_file': 400,
  'fs.forbidden': 403,
  'fs.too_large': 413,
  'fs.binary': 415,
  /** A save or create that would overwrite what changed since it was read (or a file that exists). */
  'fs.conflict': 409,
  'trust.not_found': 404,
  'trust.not_revocable': 409,
  /** A permission rule that is not in the settings file named. */
  'trust.rule_not_found': 404,
  /** A settings file that is not JSON settings (or not a regular file): it is never rewritten. */
  'trust.settings_unreadable': 409,
  /** cui.db is damaged (detected while running): a restart moves it aside and restores user data. */
  'storage.damaged': 503,
  /** The disk holding CUI_HOME is full: the change was not saved (507 Insufficient Storage); it works again once space is freed. */
  'storage.full': 507,
  /** CUI_HOME is on a read-only file system: the change was not saved. */
  'storage.read_only': 503,
  /** Voice input has no Gemini API key (config gemini.apiKey, GOOGLE_API_KEY or GEMINI_API_KEY). */
  'voice.not_configured': 503,
  /** Gemini refused or failed the request (its message is passed on), or answered something unusable. */
  'voice.provider_failed': 502,
  /** The folder is no worktree a run of the console made (see contract/worktrees.ts). */
  'worktree.not_found': 404,
  /** A run works in the worktree: stop it first. */
  'worktree.busy': 409,
  /** The conversation's run is working (or another rewind of it is under way): restore its files once it is idle. */
  'rewind.busy': 409,
  /** The message has no file checkpoint to restore (the SDK's reason is the message). */
  'rewind.unavailable': 409,
  /** The message is not in the conversation (a branch names a message of it). */
  'rewind.message_not_found': 404,
  'schedule.not_found': 404,
  /** A schedule that cannot be saved as given: an unknown cron expression or time zone, a folder gone or not trusted. */
  'schedule.invalid': 400,
  /** No such terminal (it ended: the shell exited, it was closed, or it stayed idle too long). */
  'terminal.not_found': 404,
  /** A plain request to a terminal's socket route: it answers only a WebSocket upgrade (with a ticket). */
  'terminal.websocket_required': 426,
  /** Terminals are off: the console listens beyond loopback and Settings has not turned them on. */
  'terminal.disabled': 403,
  /** A terminal from home works only in a trusted folder. */
  'terminal.untrusted_folder': 403,
  /** As many terminals as the console allows are open: close one first. */
  'terminal.limit_reached': 429,
  /** The PTY module cannot load on this system (e.g. no prebuilt binary for musl), or the shell could not start. */
  'terminal.unavailable': 503,
  /** No run works the conversation: live controls (MCP toggles, context, tasks) need its CLI. */
  'run.not_live': 409,
  /** A project or local MCP server in a folder the console does not trust (its servers would run unasked). */
  'mcp.untrusted_folder': 403,
  /** The CLI refused an MCP change (its message is passed on), or the live run's control failed. */
  'mcp.failed': 502,
  /** The conversation's folder is outside git (contract/git.ts). */
  'git.not_a_repository': 400,
  /** A path with `..`, absolute, or outside the repository. */
  'git.invalid_path': 400,
  'git.invalid_branch': 400,
  /** Another git operation of the console runs on the repository: try again when it ends. */
  'git.busy': 409,
  /** A destructive action (discard, switch, pull) while a run or a terminal CLI holds the folder. */
  'git.held': 409,
  /** Discarding untracked files needs each named in `deleteUntracked`. */
  'git.confirm_untracked': 409,
  /** git refused or failed (a hook, a conflict, a remote): its message is passed on. */
  'git.failed': 422,
  'git.timeout': 504,
  'internal': 500,
} as const;

/** One error code from the closed union. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Status for a code; unknown codes are internal errors. */
export function statusForCode(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500;
}

/** Whether a code read from a response body is one of the closed union (a proxy's or an older server's may not be). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}
