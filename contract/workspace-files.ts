import { z } from 'zod';
import { QueryBool } from './common';
import { SessionId } from './ids';
import { defineRoute } from './route';

/**
 * The file browser and editor of a conversation (issue 25.3): confined to the conversation's folder and the trusted
 * folders (real paths; a symlink out is refused), regular files only, the read limit of /api/filesystem/read.
 * A path is absolute or relative to the conversation's folder.
 */
const FilePath = z.string({ error: 'path is required' }).min(1, 'path is required');

/** What a save must match: the file as it was read (409 `fs.conflict` when it changed since). */
export const FileVersion = z.object({ mtimeMs: z.number(), sha256: z.string() });
export type FileVersion = z.infer<typeof FileVersion>;

export const WorkspaceListQuery = z.object({
  sessionId: SessionId,
  /** The folder to list; the conversation's folder when absent. */
  path: FilePath.optional(),
  /** Also list hidden (dot) and git-ignored entries. */
  hidden: QueryBool.optional(),
});
export const WorkspaceEntry = z.object({
  name: z.string(),
  type: z.enum(['file', 'directory', 'other']),
  size: z.number().optional(),
  hidden: z.boolean().optional(),
  ignored: z.boolean().optional(),
});
export type WorkspaceEntry = z.infer<typeof WorkspaceEntry>;
export const WorkspaceListResponse = z.object({
  /** The conversation's folder (the browser's top). */
  folder: z.string(),
  /** The listed folder (real path). */
  path: z.string(),
  entries: z.array(WorkspaceEntry),
  /** Hidden and ignored entries left out (0 when `hidden` was asked). */
  hiddenCount: z.number().int(),
});
export type WorkspaceListResponse = z.infer<typeof WorkspaceListResponse>;

export const WorkspaceFileQuery = z.object({ sessionId: SessionId, path: FilePath });
export const WorkspaceFileResponse = FileVersion.extend({ path: z.string(), content: z.string(), size: z.number() });
export type WorkspaceFileResponse = z.infer<typeof WorkspaceFileResponse>;

export const SaveFileRequest = z.strictObject({
  sessionId: SessionId,
  path: FilePath,
  content: z.string(),
  /** The version read; required unless `create`. */
  expected: FileVersion.optional(),
  /** Make a new file: 409 when one exists. */
  create: z.boolean().optional(),
});
export type SaveFileRequest = z.infer<typeof SaveFileRequest>;
export const SavedFileResponse = FileVersion.extend({ path: z.string(), size: z.number() });
export type SavedFileResponse = z.infer<typeof SavedFileResponse>;

export const RenameFileRequest = z.strictObject({ sessionId: SessionId, path: FilePath, to: FilePath });
export const RenameFileResponse = z.object({ path: z.string() });
export const DeleteFileRequest = z.strictObject({ sessionId: SessionId, path: FilePath });
export const DeleteFileResponse = z.object({ success: z.literal(true), path: z.string() });

export const workspaceFileRoutes = {
  workspaceList: defineRoute({ name: 'listWorkspaceFolder', summary: "Lists a folder of a conversation's workspace (hidden and ignored entries on request).", method: 'GET', path: '/api/filesystem/workspace/list', query: WorkspaceListQuery, response: WorkspaceListResponse }),
  workspaceRead: defineRoute({ name: 'readWorkspaceFile', summary: "Reads a text file of a conversation's workspace with its version (mtime and SHA-256) for a later save.", method: 'GET', path: '/api/filesystem/workspace/file', query: WorkspaceFileQuery, response: WorkspaceFileResponse }),
  workspaceSave: defineRoute({ name: 'saveWorkspaceFile', summary: 'Saves a file atomically, only if unchanged since read (409 fs.conflict otherwise); creates one with create:true.', method: 'PUT', path: '/api/filesystem/workspace/file', body: SaveFileRequest, response: SavedFileResponse }),
  workspaceRename: defineRoute({ name: 'renameWorkspaceFile', summary: "Renames a file inside a conversation's workspace (409 when the new name exists).", method: 'POST', path: '/api/filesystem/workspace/rename', body: RenameFileRequest, response: RenameFileResponse }),
  workspaceDelete: defineRoute({ name: 'deleteWorkspaceFile', summary: "Deletes a file of a conversation's workspace.", method: 'POST', path: '/api/filesystem/workspace/delete', body: DeleteFileRequest, response: DeleteFileResponse }),
};
