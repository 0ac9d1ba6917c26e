/** Folder trust (issue 10): the notice before a run in an untrusted folder, and the Settings sections. */
export { FolderTrustNotice, type FolderTrustNoticeProps } from './FolderTrustNotice';
export { RetentionInfo } from './RetentionInfo';
export { TrustedFolders } from './TrustedFolders';
export { PermissionRules } from './PermissionRules';
