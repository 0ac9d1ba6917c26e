import { createContext, type ReactNode, useContext } from 'react';
import type { ViewMessage, ToolResultRecord } from '@/features/live-run';
import type { PathContext } from '@/lib/display-path';

/** What message and tool renderers read about the conversation around them. */
export interface ConversationView {
  paths: PathContext;
  toolResults: Record<string, ToolResultRecord>;
  /** A run is live: a tool use without a result may still get one. In a finished session it never will (spec: empty container). */
  live: boolean;
  /** Subagent messages of a Task/Agent tool use, in order. */
  childrenOf: (toolUseId: string) => ViewMessage[];
  /** Renders one message (given here so nested Task panels reuse the list's renderer without an import cycle). */
  renderMessage: (message: ViewMessage) => ReactNode;
}

export const ConversationContext = createContext<ConversationView | null>(null);

const EMPTY_VIEW: ConversationView = { paths: {}, toolResults: {}, live: false, childrenOf: () => [], renderMessage: () => null };

/** The surrounding conversation (an empty one outside a provider, so panels render standalone). */
export function useConversationView(): ConversationView {
  return useContext(ConversationContext) ?? EMPTY_VIEW;
}
