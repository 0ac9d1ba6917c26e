import os from 'node:os';
import path from 'node:path';

/** Where the console keeps its own data and where it reads the CLI's history. */
export interface CuiPaths {
  /** The user's home directory: the web shows paths under it with '~' (spec §2). */
  home: string;
  cuiHome: string;
  configPath: string;
  dbPath: string;
  /** A recent copy of the user data in the database (names, pins, archive…), restored from if the database is damaged. */
  userDataBackupPath: string;
  claudeConfigDir: string;
  claudeProjectsDir: string;
  /** The CLI's global config (folder trust lives there): in CLAUDE_CONFIG_DIR when one is set, else `~/.claude.json`. */
  claudeGlobalConfigPath: string;
  /** The CLI's user settings file (`cleanupPeriodDays` and the like). */
  claudeUserSettingsPath: string;
}

/**
 * Resolves paths from explicit options, then the environment (`CUI_HOME`, `CLAUDE_CONFIG_DIR`), then `~`.
 */
export function resolvePaths(options: { home?: string; cuiHome?: string; claudeConfigDir?: string; env?: NodeJS.ProcessEnv } = {}): CuiPaths {
  const env = options.env ?? process.env;
  const home = path.resolve(options.home ?? os.homedir());
  const cuiHome = path.resolve(options.cuiHome ?? env.CUI_HOME ?? path.join(os.homedir(), '.cui'));
  const explicitConfigDir = options.claudeConfigDir ?? env.CLAUDE_CONFIG_DIR;
  const claudeConfigDir = path.resolve(explicitConfigDir ?? path.join(os.homedir(), '.claude'));
  return {
    home,
    cuiHome,
    configPath: path.join(cuiHome, 'config.json'),
    dbPath: path.join(cuiHome, 'cui.db'),
    userDataBackupPath: path.join(cuiHome, 'user-data-backup.json'),
    claudeConfigDir,
    claudeProjectsDir: path.join(claudeConfigDir, 'projects'),
    claudeGlobalConfigPath: explicitConfigDir ? path.join(claudeConfigDir, '.claude.json') : path.join(os.homedir(), '.claude.json'),
    claudeUserSettingsPath: path.join(claudeConfigDir, 'settings.json'),
  };
}
