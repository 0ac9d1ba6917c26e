export { ConversationPage } from './ConversationPage';
export type { StartedRunState } from './started-run';
