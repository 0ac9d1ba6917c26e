import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../Composer';
import type { SuggestionLoaders } from '../suggestion-loaders';
import { MIC_MESSAGES } from './voice-constants';

const loaders: SuggestionLoaders = { files: vi.fn(async () => ({ items: [], complete: true })), searchFiles: vi.fn(async () => []), commands: vi.fn(async () => []) };
const AUDIO = 'opus-bytes';

/** A MediaRecorder double: hands out one chunk (`AUDIO`, or nothing) when stopped, as a browser does. */
class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static chunk: string | undefined = AUDIO;
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  readonly mimeType: string;
  constructor(readonly stream: MediaStream, readonly options: MediaRecorderOptions) {
    super();
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob(FakeMediaRecorder.chunk === undefined ? [] : [FakeMediaRecorder.chunk], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => ({ getTracks: () => [track] }) as unknown as MediaStream);
let transcription: Response;
const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => transcription.clone());

function transcribeCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/gemini/transcribe'));
}

function renderComposer() {
  render(<Composer placeholder="Reply" workingDirectory="/work/app" onSubmit={vi.fn(async () => true)} loaders={loaders} />);
  return { textarea: screen.getByRole('combobox', { name: 'Task' }) as HTMLTextAreaElement, user: userEvent.setup() };
}

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.chunk = AUDIO;
  track.stop.mockClear();
  getUserMedia.mockClear();
  fetchMock.mockClear();
  transcription = Response.json({ text: 'login' });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('composer voice input', () => {
  it('records mono 16 kHz opus at 16 kbps in 250 ms chunks, and Accept inserts the transcription at the cursor', async () => {
    const { textarea, user } = renderComposer();
    await user.type(textarea, 'fix the bug');
    textarea.setSelectionRange(8, 8);
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByRole('group', { name: 'Recording' })).toBeInTheDocument();
    expect(screen.getByLabelText('Recording time').textContent).toBe('0:00.0');
    expect(getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: { channelCount: 1, sampleRate: 16000 } });
    const [recorder] = FakeMediaRecorder.instances;
    expect(recorder?.options).toEqual({ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 16000 });
    expect(recorder?.timeslice).toBe(250);
    await user.click(screen.getByRole('button', { name: 'Accept recording' }));
    await waitFor(() => expect(textarea).toHaveValue('fix the login bug'));
    const [[, init]] = transcribeCalls() as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ audio: btoa(AUDIO), mimeType: 'audio/webm;codecs=opus' });
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeInTheDocument();
  });

  it('updates the elapsed timer while recording', async () => {
    const { user } = renderComposer();
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await screen.findByRole('group', { name: 'Recording' });
    now += 3_200;
    await waitFor(() => expect(screen.getByLabelText('Recording time').textContent).toBe('0:03.2'));
    // Each 100 ms update shows: the timer reads tenths of a second.
    now += 100;
    await waitFor(() => expect(screen.getByLabelText('Recording time').textContent).toBe('0:03.3'));
  });

  it('Discard stops the microphone, sends nothing and leaves the text untouched', async () => {
    const { textarea, user } = renderComposer();
    await user.type(textarea, 'keep me');
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await user.click(await screen.findByRole('button', { name: 'Discard recording' }));
    expect(textarea).toHaveValue('keep me');
    expect(track.stop).toHaveBeenCalled();
    expect(transcribeCalls()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeInTheDocument();
  });

  it("inserts nothing and says 'No speech detected' for an empty transcription", async () => {
    transcription = Response.json({ text: '  ' });
    const { textarea, user } = renderComposer();
    await user.type(textarea, 'as is');
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await user.click(await screen.findByRole('button', { name: 'Accept recording' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MIC_MESSAGES.noSpeech);
    expect(textarea).toHaveValue('as is');
  });

  it("says 'Failed to process recorded audio' for an empty recording and sends nothing", async () => {
    FakeMediaRecorder.chunk = undefined;
    const { user } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await user.click(await screen.findByRole('button', { name: 'Accept recording' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MIC_MESSAGES.failedToProcess);
    expect(transcribeCalls()).toEqual([]);
  });

  it("shows the server's message when transcription fails", async () => {
    transcription = Response.json({ error: 'Gemini API key not configured', code: 'voice.not_configured' }, { status: 503 });
    const { user } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await user.click(await screen.findByRole('button', { name: 'Accept recording' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Gemini API key not configured');
  });

  it.each([
    ['NotAllowedError', 'Permission denied', MIC_MESSAGES.denied],
    ['NotFoundError', 'Requested device not found', MIC_MESSAGES.noDevice],
    ['NotReadableError', 'Device in use', 'Failed to start recording: Device in use'],
  ])('a %s from getUserMedia shows its §8 message', async (name, message, shown) => {
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error(message), { name }));
    const { user } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByRole('status')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeInTheDocument();
  });

  it('says recording is not supported where the browser has no MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { user } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MIC_MESSAGES.unsupported);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
