import { useMemo } from 'react';
import { useHomeDirectory } from '@/app/system-status';
import type { ViewMessage, SessionState } from '@/features/live-run';
import type { ConversationView } from './conversation-context';
import { MessageItem } from './messages/MessageItem';
import { createElement } from 'react';

/** The context value message and tool renderers read, derived from the session's state. */
export function useConversationViewValue(state: SessionState, projectPath: string | null, live: boolean): ConversationView {
  const cwd = state.cwd ?? projectPath;
  const home = useHomeDirectory();
  return useMemo(
    () => ({
      paths: { cwd, home },
      toolResults: state.toolResults,
      live,
      childrenOf: (toolUseId: string) =>
        (state.children[toolUseId] ?? []).flatMap((id) => {
          const at = state.index[id];
          const message = at === undefined ? undefined : state.messages[at];
          return message ? [message] : [];
        }),
      renderMessage: (message: ViewMessage) => createElement(MessageItem, { message }),
    }),
    [cwd, home, live, state.toolResults, state.children, state.index, state.messages],
  );
}
