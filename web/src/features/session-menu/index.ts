/** The per-session more-menu items (Rename, Pin/Unpin, Notify me/Mute) of the home row and the conversation header. */
export { SessionMenuContent, type SessionMenuContentProps } from './SessionMenuContent';
