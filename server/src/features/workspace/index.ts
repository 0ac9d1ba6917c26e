/** A conversation's workspace: its folder, worktree, repository, trust and holder (issue 22.7). */
export { createWorkspace, type ConversationWorkspace, type SessionFolders, type Workspace, type WorkspaceDeps, type WorkspaceHolder } from './workspace';
export { repositoryRoot } from './repository-root';
