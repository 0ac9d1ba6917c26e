import { z } from 'zod';
import { defineRoute } from './route';

/** An absolute POSIX or Windows path to a folder (runs' working directories). */
const FolderPath = z
  .string({ error: 'path is required' })
  .min(1, 'path is required')
  .regex(/^(\/|[A-Za-z]:[\\/])/, 'path must be an absolute path');

/**
 * What a folder's own Claude Code settings would enable if loaded (`.claude/settings.json`,
 * `.claude/settings.local.json`, `.mcp.json`): the shell commands of its hooks, its MCP servers
 * and its permission allow rules.
 */
export const FolderSettingsSummary = z.object({
  hooks: z.array(z.string()),
  mcpServers: z.array(z.string()),
  allowRules: z.array(z.string()),
});
export type FolderSettingsSummary = z.infer<typeof FolderSettingsSummary>;

/** Who trusts a folder: the console (stored in cui.db, revocable) or the Claude Code CLI itself (its trust dialog). */
export const TrustSource = z.enum(['console', 'cli']);
export type TrustSource = z.infer<typeof TrustSource>;

/** A trusted folder; trust covers the folder and everything below it. */
export const TrustedFolder = z.object({
  path: z.string(),
  source: TrustSource,
  /** ISO time the console trusted it; null for folders trusted by the CLI. */
  trustedAt: z.string().nullable(),
});
export type TrustedFolder = z.infer<typeof TrustedFolder>;

/** GET /api/trust/folders. */
export const TrustedFoldersResponse = z.object({ folders: z.array(TrustedFolder) });
export type TrustedFoldersResponse = z.infer<typeof TrustedFoldersResponse>;

/** `?path=` of GET /api/trust/check and DELETE /api/trust/folders: an absolute folder path. */
export const FolderTrustQuery = z.object({ path: FolderPath });
/** PUT /api/trust/folders: the folder to trust (must exist; stored with symlinks resolved). */
export const TrustFolderRequest = z.object({ path: FolderPath });
export type TrustFolderRequest = z.infer<typeof TrustFolderRequest>;

/**
 * Whether runs in a folder load its own settings. An untrusted folder's runs start without its project
 * and local settings (hooks, MCP servers, permission rules); `settings` says what those would enable.
 */
export const FolderTrust = z.object({
  path: z.string(),
  trusted: z.boolean(),
  /** The entry that makes the folder trusted (itself or an ancestor); null when untrusted. */
  trustedBy: TrustedFolder.nullable(),
  settings: FolderSettingsSummary,
  /** True when the folder has settings of its own (anything in `settings`, or any settings file). */
  hasSettings: z.boolean(),
});
export type FolderTrust = z.infer<typeof FolderTrust>;

/**
 * Where a permission rule is written, as Claude Code names its settings sources: the user's settings
 * (`CLAUDE_CONFIG_DIR/settings.json`), a project's shared settings (`.claude/settings.json`) or its local ones
 * (`.claude/settings.local.json`, where "don't ask again … in this project" goes).
 */
export const PermissionRuleScope = z.enum(['user', 'project', 'local']);
export type PermissionRuleScope = z.infer<typeof PermissionRuleScope>;
export const PermissionRuleBehavior = z.enum(['allow', 'deny', 'ask']);
export type PermissionRuleBehavior = z.infer<typeof PermissionRuleBehavior>;

/** One rule of a settings file's `permissions.allow|deny|ask`, e.g. `Bash(npm test:*)`. */
export const PermissionRule = z.object({
  scope: PermissionRuleScope,
  behavior: PermissionRuleBehavior,
  rule: z.string(),
  /** The settings file it is written in. */
  file: z.string(),
});
export type PermissionRule = z.infer<typeof PermissionRule>;

/** `?path=` of GET /api/trust/rules: the project folder whose rules are listed beside the user's. */
export const PermissionRulesQuery = z.object({ path: FolderPath.optional() });
export type PermissionRulesQuery = z.infer<typeof PermissionRulesQuery>;

/** GET /api/trust/rules: the user's rules, and the folder's when one was asked; files that could not be read say so. */
export const PermissionRulesResponse = z.object({
  rules: z.array(PermissionRule),
  unreadable: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type PermissionRulesResponse = z.infer<typeof PermissionRulesResponse>;

/** POST /api/trust/rules/remove: the rule to take out of its settings file (`path`: the project, for project and local). */
export const RemovePermissionRuleRequest = z.object({
  scope: PermissionRuleScope,
  behavior: PermissionRuleBehavior,
  rule: z.string().min(1, 'rule is required'),
  path: FolderPath.optional(),
});
export type RemovePermissionRuleRequest = z.infer<typeof RemovePermissionRuleRequest>;

/** Trusted folders and the trust check. */
export const trustRoutes = {
  /** Every trusted folder: the console's and the CLI's. */
  list: defineRoute({ name: 'listTrustedFolders', summary: 'Every trusted folder: the console\'s and the ones Claude Code itself trusts.', method: 'GET', path: '/api/trust/folders', response: TrustedFoldersResponse }),
  /** Whether a folder is trusted and what its settings would enable. */
  check: defineRoute({ name: 'checkFolderTrust', summary: 'Whether a folder is trusted and what its own settings would enable (hooks, MCP servers, allow rules).', method: 'GET', path: '/api/trust/check', query: FolderTrustQuery, response: FolderTrust }),
  /** Trusts a folder from the next run on. */
  trust: defineRoute({ name: 'trustFolder', summary: 'Trusts a folder: its settings load from the next run on.', method: 'PUT', path: '/api/trust/folders', body: TrustFolderRequest, response: TrustedFolder }),
  /** Revokes the console's trust of a folder (a folder the CLI trusts stays trusted: 409). */
  /** The permission rules Claude Code applies: the user's, and a project's shared and local ones. */
  rules: defineRoute({ name: 'listPermissionRules', summary: "The allow, deny and ask rules of the user's Claude Code settings and, with ?path=, of that project's shared and local settings.", method: 'GET', path: '/api/trust/rules', query: PermissionRulesQuery, response: PermissionRulesResponse }),
  /** Takes one rule out of its settings file, keeping everything else in it. */
  removeRule: defineRoute({ name: 'removePermissionRule', summary: 'Removes one permission rule from its settings file (404 when it is not there, 409 when the file cannot be read as settings).', method: 'POST', path: '/api/trust/rules/remove', body: RemovePermissionRuleRequest, response: z.object({ success: z.boolean() }) }),
  revoke: defineRoute({ name: 'revokeFolderTrust', summary: 'Revokes the console\'s trust of a folder (409 for a folder Claude Code trusts).', method: 'DELETE', path: '/api/trust/folders', query: FolderTrustQuery, response: z.object({ success: z.boolean() }) }),
};
