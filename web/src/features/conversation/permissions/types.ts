import type { PermissionRequest } from '@cui/contract';
import type { Decision } from '../use-conversation-actions';

export interface PromptProps {
  permission: PermissionRequest;
  onDecide: (decision: Decision) => Promise<void> | void;
}
