// The chat module's public surface for other modules: a conversation's latest messages (a dispute's
// case shows them) and the service the socket layer drives.

export { findRecentMessagesBetween, type ConversationMessage } from './chat.repository';
export type { ChatService } from './chat.service';
