import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db';
import { readFolderSettings } from './folder-settings';
import { readTranscriptRetention } from './retention';
import { createTrustService } from './trust-service';

let root: string;
const openDbs: { close(): void }[] = [];
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cui-trust-')));
});
afterEach(() => {
  for (const db of openDbs.splice(0)) db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function write(relative: string, content: string): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

describe('readFolderSettings', () => {
  it('collects hook commands, MCP servers and allow rules from project, local and .mcp.json settings, once each', () => {
    const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'a.sh' }, { type: 'prompt' }] }], Stop: [{ hooks: [{ type: 'command', command: 'a.sh' }] }] };
    write('repo/.claude/settings.json', JSON.stringify({ hooks, permissions: { allow: ['Read'] }, mcpServers: { inline: {} } }));
    write('repo/.claude/settings.local.json', JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'b.sh' }] }] }, permissions: { allow: ['Read', 'Bash(ls:*)'] } }));
    write('repo/.mcp.json', JSON.stringify({ mcpServers: { db: { command: 'db-server' } } }));
    expect(readFolderSettings(path.join(root, 'repo'))).toEqual({
      summary: { hooks: ['a.sh', 'b.sh'], mcpServers: ['inline', 'db'], allowRules: ['Read', 'Bash(ls:*)'] },
      hasSettings: true,
    });
  });

  it('counts a malformed settings file as present but enabling nothing, and a folder without files as having none', () => {
    write('bad/.claude/settings.json', '{"hooks": {"Stop": "not a list"}, "permissions": {"allow": 3}');
    expect(readFolderSettings(path.join(root, 'bad'))).toEqual({ summary: { hooks: [], mcpServers: [], allowRules: [] }, hasSettings: true });
    fs.mkdirSync(path.join(root, 'empty'));
    expect(readFolderSettings(path.join(root, 'empty')).hasSettings).toBe(false);
  });

  it('does not read a settings file that is a symlink to a device', () => {
    fs.mkdirSync(path.join(root, 'dev/.claude'), { recursive: true });
    fs.symlinkSync('/dev/zero', path.join(root, 'dev/.claude/settings.json'));
    expect(readFolderSettings(path.join(root, 'dev')).hasSettings).toBe(false);
  });
});

describe('readTranscriptRetention', () => {
  it("reads the user's cleanupPeriodDays and ignores a missing file or an invalid value", () => {
    const file = write('settings.json', JSON.stringify({ cleanupPeriodDays: 90 }));
    expect(readTranscriptRetention(file)).toEqual({ configuredDays: 90, settingsPath: file });
    fs.writeFileSync(file, JSON.stringify({ cleanupPeriodDays: 0 }));
    expect(readTranscriptRetention(file).configuredDays).toBeNull();
    expect(readTranscriptRetention(path.join(root, 'missing.json')).configuredDays).toBeNull();
  });
});

describe('createTrustService', () => {
  const service = (globalConfig: unknown) => {
    const configPath = write('claude/.claude.json', JSON.stringify(globalConfig));
    const db = openDatabase(path.join(root, 'cui.db'), pino({ level: 'silent' }));
    openDbs.push(db);
    return createTrustService({ db, claudeGlobalConfigPath: configPath });
  };

  it('trusts subfolders of a trusted folder, through the console or the CLI, and through a symlink', () => {
    fs.mkdirSync(path.join(root, 'cli/deep/er'), { recursive: true });
    fs.mkdirSync(path.join(root, 'mine/sub'), { recursive: true });
    fs.symlinkSync(path.join(root, 'mine'), path.join(root, 'link'));
    const trust = service({ projects: { [path.join(root, 'cli')]: { hasTrustDialogAccepted: true }, [path.join(root, 'mine')]: { hasTrustDialogAccepted: false } } });
    expect(trust.trustedBy(path.join(root, 'cli/deep/er'))).toEqual({ path: path.join(root, 'cli'), source: 'cli', trustedAt: null });
    expect(trust.trustedBy(path.join(root, 'mine/sub'))).toBeNull();
    trust.trust(path.join(root, 'link'));
    expect(trust.trustedBy(path.join(root, 'link/sub'))).toMatchObject({ path: path.join(root, 'mine'), source: 'console' });
    expect(trust.list().map((f) => [f.source, f.path])).toEqual([['console', path.join(root, 'mine')], ['cli', path.join(root, 'cli')]]);
    trust.revoke(path.join(root, 'mine'));
    expect(trust.trustedBy(path.join(root, 'mine/sub'))).toBeNull();
  });

  it('treats a damaged CLI config as trusting nothing', () => {
    fs.mkdirSync(path.join(root, 'repo'));
    const trust = service({ projects: 'nonsense' });
    expect(trust.trustedBy(path.join(root, 'repo'))).toBeNull();
    expect(trust.list()).toEqual([]);
  });
});
