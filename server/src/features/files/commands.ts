import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '@cui/contract';
import { readSmallTextFile } from './safe-read';

/**
 * Built-in slash commands of Claude Code 2.1.330 that work in the SDK mode the console runs the CLI in
 * (from the `slash_commands` of its system/init message; skills and plugins are left out).
 */
export const BUILTIN_COMMANDS: Command[] = [
  { name: '/clear', description: 'Clear the conversation history and free up context', type: 'builtin' },
  { name: '/compact', description: 'Summarise the conversation so far to free up context (optional: focus instructions)', type: 'builtin' },
  { name: '/context', description: 'Show how the context window is being used', type: 'builtin' },
  { name: '/init', description: 'Create a CLAUDE.md file documenting the codebase', type: 'builtin' },
  { name: '/code-review', description: 'Review the pending code changes', type: 'builtin' },
  { name: '/security-review', description: 'Review the pending changes on the current branch for security issues', type: 'builtin' },
  { name: '/model', description: 'Show or change the model', type: 'builtin' },
  { name: '/effort', description: 'Show or change the reasoning effort', type: 'builtin' },
  { name: '/usage', description: 'Show usage and cost of this session', type: 'builtin' },
  { name: '/mcp', description: 'Show MCP server status', type: 'builtin' },
  { name: '/agents', description: 'List the available subagents', type: 'builtin' },
  { name: '/output-style', description: 'Show or change the output style', type: 'builtin' },
  { name: '/rename', description: 'Rename this conversation', type: 'builtin' },
  { name: '/doctor', description: 'Check the Claude Code installation', type: 'builtin' },
];

const MAX_DEPTH = 4;
const MAX_FILES = 500;
const DESCRIPTION_MAX = 200;

/** `description:` from YAML front matter, else the first non-empty line (headings unmarked). */
export function commandDescription(text: string): string {
  let body = text.replace(/^\uFEFF/, '');
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(body);
  if (front) {
    const line = /^description:\s*(.*)$/m.exec(front[1] ?? '');
    const value = line?.[1]?.trim().replace(/^(['"])(.*)\1$/, '$2');
    if (value) return value.slice(0, DESCRIPTION_MAX);
    body = body.slice(front[0].length);
  }
  const first = body.split(/\r?\n/).map((l) => l.replace(/^#+\s*/, '').trim()).find((l) => l.length > 0) ?? '';
  return first.slice(0, DESCRIPTION_MAX);
}

/** Markdown commands under `dir`: `name.md` → `/name`, `ns/name.md` → `/ns:name`. */
export async function readCommandDir(dir: string): Promise<Command[]> {
  const commands: Command[] = [];
  const walk = async (relative: string[], depth: number): Promise<void> => {
    const entries = await fs.readdir(path.join(dir, ...relative), { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (commands.length >= MAX_FILES) return;
      if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.')) await walk([...relative, entry.name], depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.md')) {
        const text = (await readSmallTextFile(path.join(dir, ...relative, entry.name))) ?? '';
        commands.push({ name: `/${[...relative, entry.name.slice(0, -3)].join(':')}`, description: commandDescription(text), type: 'custom' });
      }
    }
  };
  await walk([], 0);
  return commands;
}

/** Built-ins, then the user's commands, then the project's (a project command replaces a user one of the same name). */
export async function listCommands(options: { claudeConfigDir: string; workingDirectory?: string }): Promise<Command[]> {
  const byName = new Map<string, Command>(BUILTIN_COMMANDS.map((c) => [c.name, c]));
  const sources = [path.join(options.claudeConfigDir, 'commands')];
  if (options.workingDirectory && path.isAbsolute(options.workingDirectory)) sources.push(path.join(options.workingDirectory, '.claude', 'commands'));
  for (const source of sources) {
    for (const command of await readCommandDir(source)) byName.set(command.name, command);
  }
  return [...byName.values()];
}
