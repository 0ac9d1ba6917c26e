export { ConversationPage } from './ConversationPage';
