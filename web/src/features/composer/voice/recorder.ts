import { MIC_MESSAGES, microphoneErrorMessage, RECORDING } from './voice-constants';

/** A recording in progress: loaded lazily (with the waveform) the first time the microphone is used. */
export interface Recording {
  /** Feeds the live waveform; absent where the browser has no Web Audio. */
  analyser: AnalyserNode | undefined;
  /** Stops and resolves the recorded audio. */
  stop(): Promise<Blob>;
  /** Stops and drops the audio. */
  cancel(): void;
}

/** A start failure, carrying the §8 message to show. */
export class MicrophoneError extends Error {}

function supported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder !== 'undefined';
}

function openAnalyser(stream: MediaStream): { analyser: AnalyserNode | undefined; close(): void } {
  if (typeof AudioContext === 'undefined') return { analyser: undefined, close: () => undefined };
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 256;
  context.createMediaStreamSource(stream).connect(analyser);
  return { analyser, close: () => void context.close() };
}

async function openMicrophone(): Promise<MediaStream> {
  if (!supported()) throw new MicrophoneError(MIC_MESSAGES.unsupported);
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: RECORDING.channelCount, sampleRate: RECORDING.sampleRate, echoCancellation: true, noiseSuppression: true },
    });
  } catch (error) {
    throw new MicrophoneError(microphoneErrorMessage(error), { cause: error });
  }
}

/** Opens the microphone and records opus in webm at 16 kbps, a chunk every 250 ms (spec §9). */
export async function startRecording(): Promise<Recording> {
  const stream = await openMicrophone();
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: MediaRecorder;
  try {
    const mimeType = MediaRecorder.isTypeSupported(RECORDING.mimeType) ? RECORDING.mimeType : undefined;
    recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: RECORDING.audioBitsPerSecond });
    recorder.start(RECORDING.timesliceMs);
  } catch (error) {
    release();
    throw new MicrophoneError(microphoneErrorMessage(error), { cause: error });
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const audio = openAnalyser(stream);
  const finish = () => {
    release();
    audio.close();
  };
  return {
    analyser: audio.analyser,
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.addEventListener('stop', () => resolve(new Blob(chunks, { type: recorder.mimeType || RECORDING.mimeType })), { once: true });
        if (recorder.state === 'inactive') resolve(new Blob(chunks, { type: recorder.mimeType || RECORDING.mimeType }));
        else recorder.stop();
        finish();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      finish();
    },
  };
}
