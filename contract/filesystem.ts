import { z } from 'zod';
import { QueryBool, QueryInt } from './common';
import { defineRoute } from './route';
import { CommandsQuery, CommandsResponse } from './system';
import { workspaceFileRoutes } from './workspace-files';

const RequiredPath = z.string({ error: 'Path is required' }).min(1, 'Path is required');

export const FileEntry = z.object({
  name: z.string(),
  type: z.enum(['file', 'directory']),
  size: z.number().optional(),
  lastModified: z.string().optional(),
});
export type FileEntry = z.infer<typeof FileEntry>;

export const ListDirectoryQuery = z.object({
  path: RequiredPath,
  recursive: QueryBool.optional(),
  respectGitignore: QueryBool.optional(),
});
export const ListDirectoryResponse = z.object({
  path: z.string(),
  entries: z.array(FileEntry),
  total: z.number().int(),
  /** True when a recursive listing stopped at its entry or time limit. */
  truncated: z.boolean(),
});
export type ListDirectoryResponse = z.infer<typeof ListDirectoryResponse>;

/** Most entries one file search returns; the composer shows 50 (spec §9). */
export const MAX_FILE_SEARCH_LIMIT = 200;

/**
 * The composer's '@' suggestions in a repository too large to list whole (issue 11): every file and directory
 * under `path` whose relative path contains `query` (case-insensitive; directories end with '/'), .gitignore
 * respected, shallowest first, at most `limit` (default 50).
 */
export const SearchFilesQuery = z.object({
  path: RequiredPath,
  query: z.string({ error: 'query is required' }).min(1, 'query is required'),
  limit: QueryInt.pipe(z.number().min(1, 'limit must be at least 1').max(MAX_FILE_SEARCH_LIMIT, `limit must be at most ${MAX_FILE_SEARCH_LIMIT}`)).optional(),
});
export const SearchFilesResponse = z.object({
  path: z.string(),
  entries: z.array(FileEntry),
  /** True when the search stopped at `limit` matches or at its time limit: there may be more. */
  truncated: z.boolean(),
});
export type SearchFilesResponse = z.infer<typeof SearchFilesResponse>;

export const ReadFileQuery = z.object({ path: RequiredPath });
export const ReadFileResponse = z.object({
  path: z.string(),
  content: z.string(),
  size: z.number(),
  lastModified: z.string(),
  encoding: z.literal('utf-8'),
});
export type ReadFileResponse = z.infer<typeof ReadFileResponse>;

export const filesystemRoutes = {
  // The files feature serves it (it reads the command folders); the path stays the spec's.
  commands: defineRoute({ name: 'listCommands', summary: 'Slash commands available in a working directory (built-in and custom).', method: 'GET', path: '/api/system/commands', query: CommandsQuery, response: CommandsResponse }),
  list: defineRoute({ name: 'listDirectory', summary: 'Lists a directory, optionally recursively and respecting .gitignore.', method: 'GET', path: '/api/filesystem/list', query: ListDirectoryQuery, response: ListDirectoryResponse }),
  search: defineRoute({ name: 'searchFiles', summary: 'Files of a repository whose name matches the typed text (.gitignore respected), shallowest first.', method: 'GET', path: '/api/filesystem/search', query: SearchFilesQuery, response: SearchFilesResponse }),
  read: defineRoute({ name: 'readFile', summary: 'Reads one UTF-8 text file.', method: 'GET', path: '/api/filesystem/read', query: ReadFileQuery, response: ReadFileResponse }),
  ...workspaceFileRoutes,
};
