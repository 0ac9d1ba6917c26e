import { useCallback, useEffect, useReducer, useRef } from 'react';
import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import type { Recording } from './recorder';
import { MIC_MESSAGES, RECORDING } from './voice-constants';

/** Spec §4 composer voice: idle → recording → processing → idle ('starting' while the microphone opens). */
export type VoicePhase = 'idle' | 'starting' | 'recording' | 'processing';

interface VoiceState {
  phase: VoicePhase;
  startedAt: number;
  elapsedMs: number;
  analyser: AnalyserNode | undefined;
  /** A §8 message, or 'No speech detected'. */
  notice: string | undefined;
}

type Action =
  | { type: 'starting' }
  | { type: 'recording'; analyser: AnalyserNode | undefined; at: number }
  | { type: 'tick'; at: number }
  | { type: 'processing' }
  | { type: 'idle'; notice?: string };

const INITIAL: VoiceState = { phase: 'idle', startedAt: 0, elapsedMs: 0, analyser: undefined, notice: undefined };

function reduce(state: VoiceState, action: Action): VoiceState {
  switch (action.type) {
    case 'starting':
      return { ...INITIAL, phase: 'starting' };
    case 'recording':
      return { ...state, phase: 'recording', analyser: action.analyser, startedAt: action.at, elapsedMs: 0 };
    case 'tick':
      return state.phase === 'recording' ? { ...state, elapsedMs: action.at - state.startedAt } : state;
    case 'processing':
      return { ...state, phase: 'processing', analyser: undefined };
    case 'idle':
      return { ...INITIAL, notice: action.notice };
  }
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Recording, transcription and their messages for one composer; `onText` receives a non-empty transcription. */
export function useVoiceInput(onText: (text: string) => void) {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const recording = useRef<Recording | undefined>(undefined);
  const mounted = useRef(true);
  const { mutate, reset, error: transcribeError } = useApiMutation(routes.voice.transcribe);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      recording.current?.cancel();
      recording.current = undefined;
    };
  }, []);
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = window.setInterval(() => dispatch({ type: 'tick', at: Date.now() }), RECORDING.timerMs);
    return () => window.clearInterval(timer);
  }, [state.phase]);

  const start = useCallback(async () => {
    dispatch({ type: 'starting' });
    reset();
    try {
      // The recorder and waveform load on first use: the composer's first paint does not wait for them.
      const { startRecording } = await import('./recorder');
      const started = await startRecording();
      if (!mounted.current) return started.cancel();
      recording.current = started;
      dispatch({ type: 'recording', analyser: started.analyser, at: Date.now() });
    } catch (error) {
      dispatch({ type: 'idle', notice: error instanceof Error ? error.message : String(error) });
    }
  }, [reset]);

  const discard = useCallback(() => {
    recording.current?.cancel();
    recording.current = undefined;
    dispatch({ type: 'idle' });
  }, []);

  const accept = useCallback(async () => {
    const current = recording.current;
    recording.current = undefined;
    if (!current) return;
    dispatch({ type: 'processing' });
    let body: { audio: string; mimeType: string };
    try {
      const blob = await current.stop();
      if (blob.size === 0) throw new Error('empty recording');
      body = { audio: await toBase64(blob), mimeType: blob.type || RECORDING.mimeType };
    } catch {
      // The message names what failed; the cause (an empty or unreadable recording) is not actionable for the user.
      return dispatch({ type: 'idle', notice: MIC_MESSAGES.failedToProcess });
    }
    const answer = await mutate({ body });
    if (!mounted.current) return;
    if (answer && answer.text.trim()) onText(answer.text.trim());
    dispatch({ type: 'idle', notice: answer && !answer.text.trim() ? MIC_MESSAGES.noSpeech : undefined });
  }, [onText, mutate]);

  return { ...state, notice: state.notice ?? transcribeError?.message, start, accept, discard };
}
