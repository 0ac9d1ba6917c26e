import { routes } from '@cui/contract';
import { apiCall } from '@/app/api-client';

/** One line of the suggestion list: `insert` replaces the trigger text ('@src/a.ts', '/init'). */
export interface Suggestion {
  key: string;
  label: string;
  insert: string;
  detail?: string;
}

/** Where suggestions come from; the composer takes these as a dependency so tests can pass fakes. */
export interface SuggestionLoaders {
  /** Relative paths under `directory` (recursive, .gitignore respected). */
  files(directory: string): Promise<Suggestion[]>;
  /** Slash commands available in `directory`. */
  commands(directory: string | undefined): Promise<Suggestion[]>;
}

/** Loaders backed by GET /api/filesystem/list (recursive, respectGitignore) and GET /api/system/commands. */
export function createApiSuggestionLoaders(): SuggestionLoaders {
  return {
    async files(directory) {
      const listing = await apiCall(routes.filesystem.list, { query: { path: directory, recursive: true, respectGitignore: true } });
      return listing.entries.map((entry) => {
        const name = entry.type === 'directory' ? `${entry.name}/` : entry.name;
        return { key: name, label: name, insert: `@${name}` };
      });
    },
    async commands(directory) {
      const { commands } = await apiCall(routes.system.commands, { query: { workingDirectory: directory } });
      return commands.map((command) => {
        const name = command.name.replace(/^\//, '');
        return { key: name, label: `/${name}`, insert: `/${name}`, detail: command.description };
      });
    },
  };
}
