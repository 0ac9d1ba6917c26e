import os from 'node:os';
import path from 'node:path';

/** Where the console keeps its own data and where it reads the CLI's history. */
export interface CuiPaths {
  /** The user's home directory: the web shows paths under it with '~' (spec §2). */
  home: string;
  cuiHome: string;
  configPath: string;
  dbPath: string;
  claudeConfigDir: string;
  claudeProjectsDir: string;
}

/**
 * Resolves paths from explicit options, then the environment (`CUI_HOME`, `CLAUDE_CONFIG_DIR`), then `~`.
 */
export function resolvePaths(options: { home?: string; cuiHome?: string; claudeConfigDir?: string; env?: NodeJS.ProcessEnv } = {}): CuiPaths {
  const env = options.env ?? process.env;
  const home = path.resolve(options.home ?? os.homedir());
  const cuiHome = path.resolve(options.cuiHome ?? env.CUI_HOME ?? path.join(os.homedir(), '.cui'));
  const claudeConfigDir = path.resolve(options.claudeConfigDir ?? env.CLAUDE_CONFIG_DIR ?? path.join(os.homedir(), '.claude'));
  return {
    home,
    cuiHome,
    configPath: path.join(cuiHome, 'config.json'),
    dbPath: path.join(cuiHome, 'cui.db'),
    claudeConfigDir,
    claudeProjectsDir: path.join(claudeConfigDir, 'projects'),
  };
}
