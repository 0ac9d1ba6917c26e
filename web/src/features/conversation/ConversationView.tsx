import { COMPOSER_STORAGE_KEY, Composer } from '@/features/composer';
import { Pause, Square } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { conversationToolMetrics, EMPTY_TOOL_METRICS, withPartials } from '@/features/live-run';
import { FilesSheet } from '@/features/files';
import { FolderTrustNotice } from '@/features/trust';
import { ChangesButton } from '@/features/changes';
import { DiffView } from './code/DiffView';
import { detectLanguage } from '@/lib/language';
import { Button } from '@/ui';
import { ConversationContext } from './conversation-context';
import { ErrorBanner } from './ErrorBanner';
import { LoadFailed } from './LoadFailed';
import { ConversationHeader } from './header/ConversationHeader';
import { useSessionMetrics } from './header/use-session-metrics';
import { MessageList } from './MessageList';
import { PermissionPrompt } from './permissions/PermissionPrompt';
import { useSessionDecisions, withDecisionNotes } from './permissions/decision-notes';
import { QueuedMessages } from './QueuedMessages';
import { StatusLine } from './StatusLine';
import { TerminalNotice } from './TerminalNotice';
import type { FirstWindowHandoff } from '@/app/first-window';
import { useConversation } from './use-conversation';
import { useConversationViewValue } from './use-conversation-view';
import { useEscapeInterrupt } from './use-escape-interrupt';
import { locateMessage } from './message-target';
import { mainMessages } from './visible-messages';

const CONVERSATION_DRAFT_KEY = `${COMPOSER_STORAGE_KEY}-conversation`;

/** One open conversation: header, error banner, messages, live status, permission prompt, composer. */
export function ConversationView({ sessionId, firstWindow }: { sessionId: string; firstWindow?: FirstWindowHandoff }) {
  const c = useConversation(sessionId, firstWindow);
  const { state } = c;
  const decisions = useSessionDecisions(sessionId, c.history);
  const messages = useMemo(
    () => withDecisionNotes(mainMessages(withPartials(state.messages, state.index, state.partials)), decisions),
    [state.messages, state.index, state.partials, decisions],
  );
  const targetId = useMemo(() => locateMessage(state.messages, messages, c.target), [state.messages, messages, c.target]);
  const counted = useMemo(() => conversationToolMetrics(state.messages, state.toolResults), [state.messages, state.toolResults]);
  const sessionMetrics = useSessionMetrics(counted, c.history);
  // Until the transcript has loaded, the list entry's metrics (the same rule, computed by the server's index).
  const metrics = state.messages.length > 0 ? sessionMetrics : (c.summary?.toolMetrics ?? EMPTY_TOOL_METRICS);
  const view = useConversationViewValue(state, c.projectPath, c.running);
  const permission = state.pendingPermission;
  // Spec §4: 'closed' paints 'Closed'; with a result the messages already say how the run ended.
  const closedWithoutResult = state.closed && state.result === null && state.lastEvent?.type === 'closed';
  // Working: a turn runs. A run waiting after an interrupt takes the composer's next message.
  const working = c.running && !c.waiting;
  const { interrupt } = c;
  useEscapeInterrupt(working, useCallback(() => void interrupt(), [interrupt]));
  if (c.loadError) return <LoadFailed error={c.loadError} />;
  return (
    <ConversationContext.Provider value={view}>
      <div className="flex min-h-0 flex-1 flex-col">
        <ConversationHeader summary={c.summary} projectPath={c.projectPath} metrics={metrics} context={state.contextUsage} onUpdate={(fields) => void c.update(fields)}
          tools={<ChangesButton sessionId={sessionId} revision={`${c.running}:${state.messages.length}`} messages={state.messages} DiffView={DiffView} languageOf={detectLanguage} />}
        />
        <ErrorBanner message={c.banner} onDismiss={c.dismissBanner} />
        {c.loading && messages.length === 0 ? <div className="flex-1" aria-busy="true" /> : <MessageList messages={messages} older={c.older} targetId={targetId} />}
        <div className="flex flex-col gap-2 border-t border-neutral-200 px-3 pt-2 pb-3 dark:border-neutral-800">
          {c.running && <StatusLine status={state.currentStatus} connection={state.connectionState} busy={working} />}
          {c.running && <QueuedMessages queued={state.queued} onRemove={(m) => void c.unqueue(m)} onSendNow={(m) => void c.unqueue(m, true)} />}
          {!c.running && closedWithoutResult && <StatusLine status={state.currentStatus} connection={state.connectionState} ended />}
          {permission && <PermissionPrompt key={permission.id} permission={permission} onDecide={(decision) => c.decide(permission, decision)} />}
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
            <FolderTrustNotice folder={c.projectPath ?? undefined} />
            <TerminalNotice terminal={c.terminal} />
            <Composer
              placeholder={c.terminal.active ? 'Active in terminal: you can continue once it stops' : 'Continue the conversation...'}
              onSubmit={(submission) => c.send(submission.text, submission.permissionMode, submission.maxBudgetUsd)}
              workingDirectory={c.projectPath ?? undefined}
              showModelSelector={false}
              disabled={!c.projectPath || c.terminal.active}
              storageKey={CONVERSATION_DRAFT_KEY}
              actions={
                c.running ? (
                  <>
                    {working && (
                      <Button variant="secondary" size="sm" onClick={() => void c.interrupt()} aria-label="Interrupt" title="Interrupt (Esc): end this turn, keep the session running">
                        <Pause size={12} aria-hidden /> Interrupt
                      </Button>
                    )}
                    <Button variant="secondary" size="sm" onClick={() => void c.stop()} aria-label="Stop">
                      <Square size={12} aria-hidden className="fill-current" /> Stop
                    </Button>
                  </>
                ) : undefined
              }
            />
          </div>
        </div>
      </div>
      <FilesSheet sessionId={sessionId} />
    </ConversationContext.Provider>
  );
}
