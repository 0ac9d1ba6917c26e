import { z } from 'zod';
import { QueryBool } from './common';
import { defineRoute } from './route';

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
  list: defineRoute({ name: 'listDirectory', summary: 'Lists a directory, optionally recursively and respecting .gitignore.', method: 'GET', path: '/api/filesystem/list', query: ListDirectoryQuery, response: ListDirectoryResponse }),
  read: defineRoute({ name: 'readFile', summary: 'Reads one UTF-8 text file.', method: 'GET', path: '/api/filesystem/read', query: ReadFileQuery, response: ReadFileResponse }),
};
