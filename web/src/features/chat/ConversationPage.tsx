/** Conversation view (issue 6). */
export function ConversationPage() {
  return <p className="p-4">No messages yet. Start by typing a message below.</p>;
}
