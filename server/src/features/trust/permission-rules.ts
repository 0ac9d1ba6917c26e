import fs from 'node:fs';
import path from 'node:path';
import type { PermissionRule, PermissionRuleBehavior, PermissionRuleScope, PermissionRulesResponse } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { writeFileAtomic } from '../../platform/write-file-atomic';
import { readSmallRegularFile } from './bounded-read';

/**
 * The permission rules Claude Code applies (issue 26 point 1: Settings lists them and removes them): the
 * `permissions.allow|deny|ask` arrays of the user's settings and of a project's shared and local settings, where the
 * CLI's "don't ask again" suggestions write them. A removal rewrites the file atomically with only that rule gone,
 * every other key kept; a file that is not JSON settings, or not a regular file, is never rewritten.
 */

const BEHAVIORS: PermissionRuleBehavior[] = ['allow', 'deny', 'ask'];
const PROJECT_FILES: Record<Exclude<PermissionRuleScope, 'user'>, string> = {
  project: path.join('.claude', 'settings.json'),
  local: path.join('.claude', 'settings.local.json'),
};
const MAX_SETTINGS_BYTES = 1024 * 1024;

type SettingsObject = Record<string, unknown> & { permissions?: Record<string, unknown> };

/** The settings file of a scope: the user's, or the project folder's (`folder` required then). */
export function settingsFileOf(scope: PermissionRuleScope, userSettingsPath: string, folder: string | undefined): string {
  if (scope === 'user') return userSettingsPath;
  if (!folder) throw new AppError('validation.failed', `path is required for ${scope} rules: the project folder whose settings hold them`);
  return path.join(folder, PROJECT_FILES[scope]);
}

/** The file's settings object; undefined when there is no such file; throws when it cannot be read as settings. */
function readSettings(file: string): SettingsObject | undefined {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isFile()) throw new AppError('trust.settings_unreadable', `${file} is not a regular file`);
  const text = readSmallRegularFile(file, MAX_SETTINGS_BYTES);
  if (text === null) throw new AppError('trust.settings_unreadable', `${file} cannot be read (or is over 1 MB)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('trust.settings_unreadable', `${file} is not valid JSON: fix it by hand; it was left as it is`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('trust.settings_unreadable', `${file} does not hold a settings object`);
  return value as SettingsObject;
}

function rulesIn(settings: SettingsObject, scope: PermissionRuleScope, file: string): PermissionRule[] {
  const permissions = settings.permissions;
  if (typeof permissions !== 'object' || permissions === null) return [];
  return BEHAVIORS.flatMap((behavior) => {
    const list = permissions[behavior];
    return Array.isArray(list) ? list.filter((rule): rule is string => typeof rule === 'string').map((rule) => ({ scope, behavior, rule, file })) : [];
  });
}

/** The user's rules, and `folder`'s shared and local ones when a folder is given. */
export function listPermissionRules(userSettingsPath: string, folder: string | undefined): PermissionRulesResponse {
  const scopes: PermissionRuleScope[] = folder ? ['user', 'project', 'local'] : ['user'];
  const response: PermissionRulesResponse = { rules: [], unreadable: [] };
  for (const scope of scopes) {
    const file = settingsFileOf(scope, userSettingsPath, folder);
    try {
      const settings = readSettings(file);
      if (settings) response.rules.push(...rulesIn(settings, scope, file));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      response.unreadable.push({ file, reason: error.message });
    }
  }
  return response;
}

/** Takes `rule` out of `behavior`'s list in `file`, keeping the rest of the file; 404 when it is not there. */
export function removePermissionRule(file: string, behavior: PermissionRuleBehavior, rule: string): void {
  const settings = readSettings(file);
  const list = settings?.permissions?.[behavior];
  if (!settings?.permissions || !Array.isArray(list) || !list.includes(rule)) {
    throw new AppError('trust.rule_not_found', `${file} has no ${behavior} rule ${rule}`);
  }
  const permissions = { ...settings.permissions, [behavior]: list.filter((entry) => entry !== rule) };
  const { mode } = fs.statSync(file);
  // Two spaces, as the CLI writes its settings; the file's own mode is kept (writeFileAtomic creates 0600).
  writeFileAtomic(file, `${JSON.stringify({ ...settings, permissions }, null, 2)}\n`);
  fs.chmodSync(file, mode & 0o777);
}
