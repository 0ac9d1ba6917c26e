import { memo } from 'react';
import type { ViewMessage } from '@/features/live-run';
import { AssistantMessage } from './AssistantMessage';
import { CommandOutput } from './CommandOutput';
import { ErrorMessage } from './ErrorMessage';
import { InjectedTurn } from './InjectedTurn';
import { NoticeLine } from './NoticeLine';
import { UserMessage } from './UserMessage';

/**
 * One message of the list, by role. System messages are not shown, except a local slash command's output. Memoised: the virtualised list
 * re-renders on every scroll frame, a message only when it (or the conversation context) changes.
 */
export const MessageItem = memo(function MessageItem({ message }: { message: ViewMessage }) {
  switch (message.role) {
    case 'user':
      return message.injected ? <InjectedTurn kind={message.injected} blocks={message.blocks} /> : <UserMessage blocks={message.blocks} />;
    case 'assistant':
      return <AssistantMessage blocks={message.blocks} />;
    case 'error':
      return <ErrorMessage blocks={message.blocks} />;
    case 'notice':
      return <NoticeLine blocks={message.blocks} />;
    case 'system':
      return message.commandOutput ? <CommandOutput blocks={message.blocks} /> : null;
  }
});
