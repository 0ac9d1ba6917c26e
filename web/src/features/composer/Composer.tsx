import { useCallback, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { PermissionMode } from '@cui/contract';
import { ArrowUp } from 'lucide-react';
import { Button, Spinner } from '@/ui';
import { cn } from '@/lib/cn';
import { FolderTrustNotice } from '@/features/trust';
import { DirectorySelector } from './DirectorySelector';
import { ModelSelector } from './ModelSelector';
import { PermissionModeSelector } from './PermissionModeSelector';
import { SuggestionList } from './SuggestionList';
import { createApiSuggestionLoaders, type SuggestionLoaders } from './suggestion-loaders';
import { useAutocomplete } from './use-autocomplete';
import { useAutoGrow } from './use-auto-grow';
import { useComposer, type ComposerSubmission, type ComposerSubmitHandler } from './use-composer';
import { useWorkingDirectories } from './use-working-directories';
import { useVoiceInput } from './voice/use-voice-input';
import { insertAtCursor } from './voice/voice-constants';
import { VoiceControl } from './voice/VoiceControl';
import { useWorktreeOption } from './use-worktree-option';
import { WorktreeToggle } from './WorktreeToggle';
import { BudgetField, useBudgetOption } from './BudgetField';
import { TOUCH_ICON, TOUCH_ROW } from './touch-size';
import { AttachImages, ImageTray } from './attachments/ComposerImageParts';
import { useImageFiles } from './attachments/use-image-files';

export interface ComposerProps {
  placeholder: string;
  onSubmit: ComposerSubmitHandler;
  /** Heading above the box (home: 'What is the next task?'). */
  heading?: string;
  /** Home: pick a working directory (required to submit). Off in the conversation view. */
  selectDirectory?: boolean;
  /** Directory for '@' and '/' suggestions when `selectDirectory` is off. */
  workingDirectory?: string;
  showModelSelector?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Local-storage key of the draft; defaults to the one composer key. */
  storageKey?: string;
  /** Extra controls next to the send button (e.g. a stop button). */
  actions?: ReactNode;
  /** Home: 'Schedule…' beside Send hands the task as it stands (text, folder, model, mode, worktree) to this. */
  onSchedule?: (submission: ComposerSubmission) => void;
  /** While a run lives: a mode or model chosen is switched on the run at once too (issue 26.3). */
  onSwitch?: (change: { permissionMode?: PermissionMode; model?: string }) => void;
  /** Suggestion sources; defaults to the API. */
  loaders?: SuggestionLoaders;
}

/** The task composer shared by home and the conversation view. */
export function Composer(props: ComposerProps) {
  const { placeholder, heading, selectDirectory = false, showModelSelector = true, actions } = props;
  const defaultLoaders = useMemo(() => createApiSuggestionLoaders(), []);
  const directories = useWorkingDirectories(selectDirectory);
  const [chosenDirectory, setChosenDirectory] = useState<string | undefined>(undefined);
  // Until the user picks one, the most recent working directory is preselected.
  const directory = selectDirectory ? (chosenDirectory ?? directories[0]?.path) : props.workingDirectory;
  const budget = useBudgetOption(props.onSubmit);
  const worktree = useWorktreeOption(selectDirectory, directory, budget.submit);
  const images = useImageFiles();
  const composer = useComposer({
    onSubmit: images.submitWith(worktree.submit),
    requireDirectory: selectDirectory,
    directory,
    disabled: props.disabled ?? false,
    loading: props.loading ?? false,
    storageKey: props.storageKey,
  });
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const ac = useAutocomplete({ text: composer.text, setText: composer.setText, textareaRef, directory, loaders: props.loaders ?? defaultLoaders });
  useAutoGrow(textareaRef, composer.text);
  const insertDictation = useInsertDictation(textareaRef, composer.setText);
  const voice = useVoiceInput(insertDictation);
  const recordingVoice = voice.phase !== 'idle';
  const locked = composer.busy || props.disabled;

  return (
    <form
      className="flex w-full flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void composer.submit();
      }}
    >
      {heading && <h1 className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">{heading}</h1>}
      {selectDirectory && <FolderTrustNotice folder={directory} />}
      <div
        className={cn(
          'relative rounded-2xl border border-neutral-200 bg-white shadow-sm transition-shadow focus-within:shadow-md',
          'dark:border-neutral-800 dark:bg-neutral-900',
        )}
        {...images.dropTarget}
      >
        <ComposerTextarea textareaRef={textareaRef} listId={listId} ac={ac} composer={composer} placeholder={placeholder} disabled={locked} />
        {ac.open && <SuggestionList id={listId} suggestions={ac.suggestions} focused={ac.focused} onAccept={ac.accept} />}
        <ImageTray images={images} disabled={locked} />
        <div className="flex flex-wrap items-center gap-0.5 px-2 pb-2">
          {selectDirectory && <DirectorySelector value={directory} onChange={setChosenDirectory} directories={directories} disabled={locked} />}
          {worktree.available && <WorktreeToggle on={worktree.on} onChange={worktree.setOn} disabled={locked} />}
          {showModelSelector && <ModelSelector value={composer.model} onChange={(model) => (composer.setModel(model), model && props.onSwitch?.({ model }))} disabled={locked} />}
          <PermissionModeSelector value={composer.permissionMode} onChange={(mode) => (composer.setPermissionMode(mode), props.onSwitch?.({ permissionMode: mode }))} disabled={locked} />
          {/* While recording on a phone the recorder's controls take the place of the options beside them: the row keeps one line. */}
          <span className={cn('contents', recordingVoice && 'max-sm:hidden')}>
            <BudgetField value={budget.text} onChange={budget.setText} disabled={locked} />
          </span>
          <div className="ml-auto flex items-center gap-1">
            <span className={cn('contents', recordingVoice && 'max-sm:hidden')}>
              <AttachImages images={images} disabled={locked} />
            </span>
            <VoiceControl voice={voice} disabled={locked} />
            {actions}
            {props.onSchedule && (
              <span className={cn('contents', recordingVoice && 'max-sm:hidden')}>
                <ScheduleButton onSchedule={props.onSchedule} composer={composer} worktree={worktree.available && worktree.on} />
              </span>
            )}
            <Button type="submit" variant="primary" size="icon" aria-label="Send" disabled={!composer.canSubmit} className={`rounded-full ${TOUCH_ICON}`}>
              {composer.busy ? <Spinner size="sm" label="Sending" className="border-white/40 border-t-white dark:border-neutral-400 dark:border-t-neutral-900" /> : <ArrowUp size={16} aria-hidden />}
            </Button>
          </div>
        </div>
      </div>
      {voice.notice && (
        <p role="status" className="px-1 text-sm text-neutral-600 dark:text-neutral-400">
          {voice.notice}
        </p>
      )}
    </form>
  );
}

/** Home: hands the task as it stands (text, folder, model, mode, worktree) to the schedule form. */
function ScheduleButton({ onSchedule, composer, worktree }: { onSchedule(submission: ComposerSubmission): void; composer: Pick<ReturnType<typeof useComposer>, 'canSubmit' | 'submission'>; worktree: boolean }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className={TOUCH_ROW}
      disabled={!composer.canSubmit}
      onClick={() => {
        const submission = composer.submission();
        onSchedule(worktree ? { ...submission, worktree: true } : submission);
      }}
    >
      Schedule…
    </Button>
  );
}

/** Dictation goes where the cursor is (the textarea keeps its selection while the mic has focus). */
function useInsertDictation(textareaRef: RefObject<HTMLTextAreaElement | null>, setText: (text: string) => void): (dictated: string) => void {
  return useCallback(
    (dictated: string) => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      const next = insertAtCursor(textarea.value, dictated, textarea.selectionStart, textarea.selectionEnd);
      setText(next.text);
      requestAnimationFrame(() => {
        textarea.focus();
        textarea.setSelectionRange(next.caret, next.caret);
      });
    },
    [textareaRef, setText],
  );
}

interface ComposerTextareaProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  listId: string;
  ac: ReturnType<typeof useAutocomplete>;
  composer: Pick<ReturnType<typeof useComposer>, 'text' | 'setText' | 'submit'>;
  placeholder: string;
  disabled: boolean | undefined;
}

/** The task box: a combobox over the '@' and '/' suggestions; Ctrl/Cmd+Enter sends. */
function ComposerTextarea({ textareaRef, listId, ac, composer, placeholder, disabled }: ComposerTextareaProps) {
  return (
    <textarea
      ref={textareaRef}
      aria-label="Task"
      role="combobox"
      aria-expanded={ac.open}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={ac.open && ac.focused >= 0 ? `${listId}-${ac.focused}` : undefined}
      rows={2}
      value={composer.text}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(e) => {
        composer.setText(e.target.value);
        ac.syncCaret();
      }}
      onSelect={ac.syncCaret}
      onBlur={ac.close}
      onKeyDown={(e) => {
        if (ac.handleKeyDown(e)) return;
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void composer.submit();
        }
      }}
      className={cn(
        'block w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-6 outline-none',
        'placeholder:text-neutral-400 disabled:opacity-60 dark:placeholder:text-neutral-500',
      )}
    />
  );
}
