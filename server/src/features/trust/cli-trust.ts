import { z } from 'zod';
import { parseJsonOrUndefined, readSmallRegularFile } from './bounded-read';

/** The CLI's global config grows with its project history; beyond this it is not read (nothing counts as CLI-trusted). */
const MAX_GLOBAL_CONFIG_BYTES = 64 * 1024 * 1024;

const GlobalConfig = z.looseObject({
  projects: z.record(z.string(), z.looseObject({ hasTrustDialogAccepted: z.unknown() }).catch({ hasTrustDialogAccepted: false })).catch({}),
});

/**
 * Folders the Claude Code CLI itself trusts: `projects[<path>].hasTrustDialogAccepted` in its global config
 * (written when the user accepts the CLI's trust dialog). Like the CLI, trust of a folder covers its subfolders.
 */
export function readCliTrustedFolders(globalConfigPath: string): string[] {
  const value = parseJsonOrUndefined(readSmallRegularFile(globalConfigPath, MAX_GLOBAL_CONFIG_BYTES));
  const parsed = GlobalConfig.safeParse(value ?? {});
  if (!parsed.success) return [];
  return Object.entries(parsed.data.projects)
    .filter(([, project]) => project.hasTrustDialogAccepted === true)
    .map(([folder]) => folder);
}
