import path from 'node:path';
import type { FolderSettingsSummary } from '@cui/contract';
import { z } from 'zod';
import { parseJsonOrUndefined, readSmallRegularFile } from './bounded-read';

/** Settings files of a folder that the CLI loads only from trusted folders (project and local sources). */
const SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'];
const MCP_FILE = '.mcp.json';
const MAX_SETTINGS_BYTES = 1024 * 1024;

const HookGroup = z.looseObject({ hooks: z.array(z.looseObject({ command: z.string().optional() })).catch([]) });
/** Only the parts of Claude Code's settings the notice shows; every part falls back to empty when malformed. */
const ProjectSettings = z.looseObject({
  hooks: z.record(z.string(), z.array(HookGroup).catch([])).catch({}),
  permissions: z.looseObject({ allow: z.array(z.string()).catch([]) }).catch({ allow: [] }),
  mcpServers: z.record(z.string(), z.unknown()).catch({}),
});
const McpFile = z.looseObject({ mcpServers: z.record(z.string(), z.unknown()).catch({}) });

export interface FolderSettings {
  summary: FolderSettingsSummary;
  /** True when any of the folder's settings files exists as a regular file. */
  hasSettings: boolean;
}

function readJson(dir: string, relative: string): { present: boolean; value: unknown } {
  const text = readSmallRegularFile(path.join(dir, relative), MAX_SETTINGS_BYTES);
  return { present: text !== null, value: parseJsonOrUndefined(text) };
}

const unique = (values: string[]): string[] => [...new Set(values)];

/** What a folder's own settings would enable if the CLI loaded them: hook commands, MCP servers, allow rules. */
export function readFolderSettings(dir: string): FolderSettings {
  const hooks: string[] = [];
  const allowRules: string[] = [];
  const mcpServers: string[] = [];
  let hasSettings = false;
  for (const file of SETTINGS_FILES) {
    const { present, value } = readJson(dir, file);
    hasSettings ||= present;
    const parsed = ProjectSettings.safeParse(value ?? {});
    if (!parsed.success) continue;
    for (const groups of Object.values(parsed.data.hooks)) {
      for (const group of groups) for (const hook of group.hooks) if (hook.command) hooks.push(hook.command);
    }
    allowRules.push(...parsed.data.permissions.allow);
    mcpServers.push(...Object.keys(parsed.data.mcpServers));
  }
  const mcp = readJson(dir, MCP_FILE);
  hasSettings ||= mcp.present;
  const parsedMcp = McpFile.safeParse(mcp.value ?? {});
  if (parsedMcp.success) mcpServers.push(...Object.keys(parsedMcp.data.mcpServers));
  return { summary: { hooks: unique(hooks), mcpServers: unique(mcpServers), allowRules: unique(allowRules) }, hasSettings };
}
