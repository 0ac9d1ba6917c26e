import { lazy, Suspense } from 'react';
import { Check, Mic, X } from 'lucide-react';
import { Button, Spinner } from '@/ui';
import type { useVoiceInput } from './use-voice-input';
import { formatElapsed } from './voice-constants';
import { TOUCH_ICON } from '../touch-size';

// Loaded with the recorder, the first time the microphone is used.
const Waveform = lazy(() => import('./Waveform').then((module) => ({ default: module.Waveform })));

export interface VoiceControlProps {
  voice: ReturnType<typeof useVoiceInput>;
  disabled?: boolean;
}

/**
 * The composer's microphone (spec §4): a mic button; while recording the elapsed time, the live waveform, Discard and
 * Accept; a spinner while the audio is transcribed. Every state keeps the row's 36 px height, so the composer does not jump.
 */
export function VoiceControl({ voice, disabled }: VoiceControlProps) {
  if (voice.phase === 'recording') {
    return (
      <div className="flex h-9 max-sm:h-10 items-center gap-1 rounded-full bg-red-50 pl-2 dark:bg-red-950/40" role="group" aria-label="Recording">
        <span className="h-2 w-2 animate-pulse rounded-full bg-red-500" aria-hidden />
        <Suspense fallback={<span className="h-6 w-16 sm:w-24" />}>
          <Waveform analyser={voice.analyser} />
        </Suspense>
        <span className="w-11 text-xs tabular-nums text-red-700 dark:text-red-300" aria-label="Recording time">
          {formatElapsed(voice.elapsedMs)}
        </span>
        <Button type="button" variant="ghost" size="icon" className={`rounded-full ${TOUCH_ICON}`} aria-label="Discard recording" title="Discard" onClick={voice.discard}>
          <X size={16} aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" className={`rounded-full ${TOUCH_ICON}`} aria-label="Accept recording" title="Accept" onClick={() => void voice.accept()}>
          <Check size={16} aria-hidden />
        </Button>
      </div>
    );
  }
  if (voice.phase === 'processing' || voice.phase === 'starting') {
    return (
      <span className={`flex h-9 w-9 items-center justify-center ${TOUCH_ICON}`}>
        <Spinner size="sm" label={voice.phase === 'processing' ? 'Transcribing' : 'Opening microphone'} />
      </span>
    );
  }
  return (
    <Button type="button" variant="ghost" size="icon" className={`rounded-full ${TOUCH_ICON}`} aria-label="Voice input" title="Voice input" disabled={disabled} onClick={() => void voice.start()}>
      <Mic size={16} aria-hidden />
    </Button>
  );
}
