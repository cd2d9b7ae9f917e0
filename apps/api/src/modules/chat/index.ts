// The chat module's public surface for other modules: a conversation's latest messages (a dispute's
// case shows them) and the service the socket layer drives.

export { findRecentMessagesBetween, type ConversationMessage } from './chat.repository';
// A message and its chat by id (the offline recipient's e-mail quotes it).
export { findChat, findMessageOfChat } from './chat.repository';
export type { ChatService } from './chat.service';
