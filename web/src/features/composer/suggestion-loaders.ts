import type { FileEntry } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { MAX_SUGGESTIONS } from './autocomplete';

/** One line of the suggestion list: `insert` replaces the trigger text ('@src/a.ts', '/init'). */
export interface Suggestion {
  key: string;
  label: string;
  insert: string;
  detail?: string;
}

/** A loaded suggestion source; `complete` is false when the listing stopped at its limit (a big repository). */
export interface SuggestionSource {
  items: Suggestion[];
  complete: boolean;
}

/** Where suggestions come from; the composer takes these as a dependency so tests can pass fakes. */
export interface SuggestionLoaders {
  /** Relative paths under `directory` (recursive, .gitignore respected). */
  files(directory: string): Promise<SuggestionSource>;
  /** The paths under `directory` that contain `query`, searched on the server (when the listing is not complete). */
  searchFiles(directory: string, query: string): Promise<Suggestion[]>;
  /** The slash commands the CLI offers in `directory` (its own, custom, plugins, skills). */
  commands(directory: string | undefined): Promise<Suggestion[]>;
}

function fileSuggestion(entry: FileEntry): Suggestion {
  const name = entry.type === 'directory' ? `${entry.name}/` : entry.name;
  return { key: name, label: name, insert: `@${name}` };
}

/** Loaders backed by GET /api/filesystem/list (recursive, respectGitignore), /api/filesystem/search and GET /api/system/commands. */
export function createApiSuggestionLoaders(): SuggestionLoaders {
  return {
    async files(directory) {
      const listing = await apiCall(routes.filesystem.list, { query: { path: directory, recursive: true, respectGitignore: true } });
      return { items: listing.entries.map(fileSuggestion), complete: !listing.truncated };
    },
    async searchFiles(directory, query) {
      const found = await apiCall(routes.filesystem.search, { query: { path: directory, query, limit: MAX_SUGGESTIONS } });
      return found.entries.map(fileSuggestion);
    },
    async commands(directory) {
      const { commands } = await apiCall(routes.filesystem.commands, { query: { workingDirectory: directory } });
      // The CLI's rows can share a name (its own and a custom one): the key tells them apart.
      return commands.map((command, index) => {
        const name = command.name.replace(/^\//, '');
        const detail = command.argumentHint ? `${command.argumentHint} · ${command.description}` : command.description;
        return { key: `${name}#${index}`, label: `/${name}`, insert: `/${name}`, detail };
      });
    },
  };
}
