import fs from 'node:fs';
import path from 'node:path';
import type { SlashCommand } from '@anthropic-ai/claude-agent-sdk';
import type { Command } from '@cui/contract';
import type { Logger } from 'pino';
import { askClaude, type AskParams } from '../../cli/claude-ask';
import type { ClaudeInfo } from '../../context';
import { AppError } from '../../platform/app-error';
import type { ProcessOwner } from '../../platform/reaper';

/** The composer's `/` menu: exactly what the CLI offers in a folder, asked of the CLI (issue 26.4). */
export interface CliCommands {
  /** The CLI's commands for `workingDirectory` (its home folder, user settings only, when absent or no folder). */
  list(workingDirectory: string | undefined): Promise<Command[]>;
  /** Ends the questions in flight (their CLI processes with them) and waits for them: the server is closing. */
  close(): Promise<void>;
}

export interface CliCommandsDeps {
  claude: ClaudeInfo;
  logger: Logger;
  paths: { home: string; claudeConfigDir: string };
  /** The environment a run in that folder gets (credentials included: the CLI needs them to start). */
  runEnv: (workingDirectory: string) => Record<string, string | undefined>;
  /** Whether a run there loads the folder's own settings (and so its commands, skills and plugins). */
  trusted: (workingDirectory: string) => boolean;
  /** Who ends a CLI being asked if the server dies meanwhile (the reaper). */
  owner?: ProcessOwner;
  /** The CLI question; `supportedCommands()` of a CLI started with no message when absent. */
  ask?: (params: Omit<AskParams, 'sdkQuery'>) => Promise<SlashCommand[]>;
}

/** Folders remembered at once: each answer is a few KB. */
const CACHE_LIMIT = 64;

/** The SDK's row as the contract's (names carry the slash on the wire, as the composer types them). */
export function toCommand(command: SlashCommand): Command {
  return {
    name: `/${command.name}`,
    description: command.description,
    type: command.builtin ? 'builtin' : 'custom',
    ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    ...(command.aliases?.length ? { aliases: command.aliases.map((alias) => `/${alias}`) } : {}),
  };
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function isDirectory(folder: string): boolean {
  try {
    return fs.statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * What the answer depends on besides the CLI's version: the folder, its trust, and when a command, skill, plugin or
 * settings file was added or removed (directory mtimes: an edit inside a file keeps the cached description).
 */
function stamp(folder: string, trusted: boolean, configDir: string): string {
  const places = [path.join(configDir, 'commands'), path.join(configDir, 'skills'), path.join(configDir, 'plugins'), path.join(configDir, 'settings.json')];
  if (trusted) places.push(path.join(folder, '.claude', 'commands'), path.join(folder, '.claude', 'skills'), path.join(folder, '.claude', 'settings.json'), path.join(folder, '.claude', 'settings.local.json'));
  return `${folder}\0${trusted}\0${places.map(mtime).join(':')}`;
}

export function createCliCommands(deps: CliCommandsDeps): CliCommands {
  const cache = new Map<string, Promise<Command[]>>();
  const closing = new AbortController();
  const ask = deps.ask ?? (async (params) => askClaude({ ...params, sdkQuery: await deps.claude.sdkQuery() }, (query) => query.supportedCommands()));

  function question(folder: string, trusted: boolean, key: string): Promise<Command[]> {
    const params = { executablePath: deps.claude.executablePath, cwd: folder, env: deps.runEnv(folder), signal: closing.signal, ...(deps.owner ? { owner: deps.owner } : {}), ...(trusted ? {} : { settingSources: ['user' as const] }) };
    return ask(params).then(
      (commands) => commands.map(toCommand),
      (error: unknown) => {
        // Not cached: the next question asks again.
        cache.delete(key);
        deps.logger.warn({ err: error, workingDirectory: folder }, 'Claude Code could not be asked for its slash commands');
        throw new AppError('cli.unavailable', `Claude Code did not list its commands: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500), { cause: error });
      },
    );
  }

  return {
    async list(workingDirectory) {
      // As a start does: a CLI that is not there is the request's problem to fix (the config's path), not a failure.
      if (!fs.existsSync(deps.claude.executablePath)) throw new AppError('cli.not_found', `Claude executable not found: ${deps.claude.executablePath}`);
      const given = workingDirectory && path.isAbsolute(workingDirectory) && isDirectory(workingDirectory) ? path.resolve(workingDirectory) : undefined;
      const folder = given ?? deps.paths.home;
      const trusted = given !== undefined && deps.trusted(given);
      const key = `${await deps.claude.version()}\0${stamp(folder, trusted, deps.paths.claudeConfigDir)}`;
      let answer = cache.get(key);
      if (!answer) {
        answer = question(folder, trusted, key);
        cache.set(key, answer);
        for (const oldest of cache.keys()) if (cache.size > CACHE_LIMIT) cache.delete(oldest);
      }
      return answer;
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...cache.values()]);
    },
  };
}
