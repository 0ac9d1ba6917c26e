import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { listPermissionRules, removePermissionRule, settingsFileOf } from './permission-rules';

let root: string;
let userFile: string;
let repo: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cui-rules-')));
  userFile = path.join(root, 'config', 'settings.json');
  repo = path.join(root, 'repo');
  fs.mkdirSync(path.join(repo, '.claude'), { recursive: true });
  fs.mkdirSync(path.dirname(userFile), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const localFile = () => path.join(repo, '.claude', 'settings.local.json');
const projectFile = () => path.join(repo, '.claude', 'settings.json');
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
};

describe('permission rules', () => {
  it("lists the user's rules, and a project's shared and local ones with the file each is in", () => {
    fs.writeFileSync(userFile, JSON.stringify({ model: 'opus', permissions: { allow: ['Read'], deny: ['Bash(rm -rf:*)'], defaultMode: 'default' } }));
    fs.writeFileSync(projectFile(), JSON.stringify({ permissions: { ask: ['WebFetch'] } }));
    fs.writeFileSync(localFile(), JSON.stringify({ permissions: { allow: ['Bash(npm test *)', 42] } }));
    expect(listPermissionRules(userFile, undefined)).toEqual({
      rules: [
        { scope: 'user', behavior: 'allow', rule: 'Read', file: userFile },
        { scope: 'user', behavior: 'deny', rule: 'Bash(rm -rf:*)', file: userFile },
      ],
      unreadable: [],
    });
    expect(listPermissionRules(userFile, repo).rules.filter((rule) => rule.scope !== 'user')).toEqual([
      { scope: 'project', behavior: 'ask', rule: 'WebFetch', file: projectFile() },
      { scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', file: localFile() },
    ]);
  });

  it('says which files could not be read instead of failing the list, and lists nothing for files that are not there', () => {
    fs.writeFileSync(localFile(), '{ "permissions": ');
    fs.symlinkSync(userFile, projectFile());
    expect(listPermissionRules(userFile, repo)).toEqual({
      rules: [],
      unreadable: [
        { file: projectFile(), reason: `${projectFile()} is not a regular file` },
        { file: localFile(), reason: expect.stringContaining('is not valid JSON') },
      ],
    });
  });

  it('removes one rule, keeping every other key, rule and the file mode', () => {
    const settings = { env: { A: '1' }, permissions: { allow: ['Read', 'Bash(npm test *)', 'Edit'], deny: ['Bash(npm test *)'], additionalDirectories: ['/x'] }, hooks: {} };
    fs.writeFileSync(localFile(), JSON.stringify(settings), { mode: 0o644 });
    fs.chmodSync(localFile(), 0o644);
    removePermissionRule(localFile(), 'allow', 'Bash(npm test *)');
    expect(JSON.parse(fs.readFileSync(localFile(), 'utf8'))).toEqual({ ...settings, permissions: { ...settings.permissions, allow: ['Read', 'Edit'] } });
    expect(fs.statSync(localFile()).mode & 0o777).toBe(0o644);
    expect(fs.readdirSync(path.dirname(localFile()))).toEqual(['settings.local.json']);
  });

  it('refuses a rule that is not there (404) and a file it cannot read as settings (409), leaving the file as it was', () => {
    fs.writeFileSync(userFile, JSON.stringify({ permissions: { allow: ['Read'] } }));
    expect(codeOf(() => removePermissionRule(userFile, 'deny', 'Read'))).toBe('trust.rule_not_found');
    expect(codeOf(() => removePermissionRule(localFile(), 'allow', 'Read'))).toBe('trust.rule_not_found');
    fs.writeFileSync(localFile(), 'not json, with Read in it');
    expect(codeOf(() => removePermissionRule(localFile(), 'allow', 'Read'))).toBe('trust.settings_unreadable');
    expect(fs.readFileSync(localFile(), 'utf8')).toBe('not json, with Read in it');
    fs.writeFileSync(localFile(), '["Read"]');
    expect(codeOf(() => removePermissionRule(localFile(), 'allow', 'Read'))).toBe('trust.settings_unreadable');
  });

  it('names the file of each scope, and asks for the project folder for project and local rules', () => {
    expect(settingsFileOf('user', userFile, undefined)).toBe(userFile);
    expect(settingsFileOf('local', userFile, repo)).toBe(localFile());
    expect(codeOf(() => settingsFileOf('project', userFile, undefined))).toBe('validation.failed');
  });
});
