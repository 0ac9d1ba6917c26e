import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from '../server/test/fake-gemini/index';
import { expect, test as base, type Cui } from './fixtures';
import { decodeInBrowser, hasPocketsphinx, makeSpeechWav, nonSilentSeconds, recognise, writeWav } from './support/speech';

/**
 * Voice input with real speech (issue 13): espeak-ng speaks a sentence into a WAV that Chromium plays as its fake
 * microphone, the real MediaRecorder records it, and the fake Gemini receives what the composer uploads.
 */

const SENTENCE = 'please run the unit tests';
const PHRASES = [SENTENCE, 'open the settings dialog', 'fix the login bug', 'show me the logs'];
const CANNED = 'Dictated by the fake Gemini.';

const test = base.extend<object, { speechWav: string }>({
  speechWav: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-speech-'));
      try {
        await use(makeSpeechWav(dir, SENTENCE));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  // The fake microphone is a browser launch flag: this file gets its own browser. %noloop plays the file once.
  launchOptions: [
    async ({ launchOptions, speechWav }, use) => {
      const media = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${speechWav}%noloop`];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...media] });
    },
    { scope: 'worker' },
  ],
});

let gemini: FakeGemini;
let transcribe: (audio: Buffer) => Promise<string>;
test.beforeAll(async () => {
  gemini = await startFakeGemini({ transcribe: (audio) => transcribe(audio) });
});
test.afterAll(async () => {
  await gemini.close();
});
test.beforeEach(({ cui }) => {
  gemini.requests.length = 0;
  transcribe = async () => CANNED;
  return useFakeGemini(cui, FAKE_GEMINI_KEY);
});
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

async function useFakeGemini(cui: Cui, apiKey: string): Promise<void> {
  const response = await cui.api('/api/config', { method: 'PUT', body: JSON.stringify({ gemini: { apiKey, baseUrl: gemini.url } }) });
  expect(response.status).toBe(200);
}

test('record real speech, Accept: the fake Gemini gets webm/opus with over a second of sound, and its answer lands at the cursor', async ({ loggedInPage: page }) => {
  const task = page.getByRole('combobox', { name: 'Task' });
  await task.fill('First line. Last line.');
  await task.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(12, 12));
  await page.getByRole('button', { name: 'Voice input' }).click();
  const recording = page.getByRole('group', { name: 'Recording' });
  await expect(recording).toBeVisible();
  // The spoken file (about 3.3 s with its padding) has played once the timer passes it.
  await expect(recording.getByLabel('Recording time')).toHaveText(/^0:04\.\d$/, { timeout: 15_000 });
  await recording.getByRole('button', { name: 'Accept recording' }).click();
  await expect(task).toHaveValue(`First line. ${CANNED} Last line.`);

  const [audio] = gemini.audio();
  expect(audio?.mimeType).toBe('audio/webm');
  expect(audio?.data.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  const decoded = await decodeInBrowser(page, audio?.data ?? Buffer.alloc(0));
  expect(nonSilentSeconds(decoded.samples, decoded.sampleRate)).toBeGreaterThan(1);
});

test('real recognition: the fake Gemini runs pocketsphinx on the upload and the composer holds the spoken sentence', async ({ loggedInPage: page }, testInfo) => {
  test.skip(!hasPocketsphinx(), 'pocketsphinx (apt pocketsphinx pocketsphinx-en-us) is not installed');
  const decoder = await page.context().newPage();
  transcribe = async (audio) => {
    const decoded = await decodeInBrowser(decoder, audio);
    const wav = testInfo.outputPath('uploaded16k.wav');
    fs.mkdirSync(path.dirname(wav), { recursive: true });
    writeWav(wav, decoded.samples, decoded.sampleRate);
    return recognise(wav, PHRASES);
  };
  await page.getByRole('button', { name: 'Voice input' }).click();
  const recording = page.getByRole('group', { name: 'Recording' });
  await expect(recording.getByLabel('Recording time')).toHaveText(/^0:04\.\d$/, { timeout: 15_000 });
  await recording.getByRole('button', { name: 'Accept recording' }).click();
  await expect(page.getByRole('combobox', { name: 'Task' })).toHaveValue(SENTENCE, { timeout: 20_000 });
});

test.describe('in a conversation', () => {
  const sessionId = '5b0d6a8e-3c1f-4e2a-9d7b-2f6c8a1e4b90';
  test.use({ transcripts: [{ sessionId, cwd: 'repo-voice', messages: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi there.' }] }] });

  test("the conversation view's composer dictates too", async ({ loggedInPage: page }) => {
    await page.goto(`/c/${sessionId}`);
    await expect(page.getByText('Hi there.')).toBeVisible();
    await page.getByRole('button', { name: 'Voice input' }).click();
    const recording = page.getByRole('group', { name: 'Recording' });
    await expect(recording.getByLabel('Recording time')).toHaveText(/^0:04\.\d$/, { timeout: 15_000 });
    await recording.getByRole('button', { name: 'Accept recording' }).click();
    await expect(page.getByRole('combobox', { name: 'Task' })).toHaveValue(CANNED);
    expect(gemini.audio()).toHaveLength(1);
  });
});

test('Discard stops recording and leaves the text untouched; nothing reaches Gemini', async ({ loggedInPage: page }) => {
  const task = page.getByRole('combobox', { name: 'Task' });
  await task.fill('keep this text');
  await page.getByRole('button', { name: 'Voice input' }).click();
  await page.getByRole('button', { name: 'Discard recording' }).click();
  await expect(page.getByRole('button', { name: 'Voice input' })).toBeVisible();
  await expect(task).toHaveValue('keep this text');
  expect(gemini.requests).toEqual([]);
});

test('on a phone the composer keeps its height while recording, and the controls are touch-sized', async ({ loggedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const task = page.getByRole('combobox', { name: 'Task' });
  const box = page.locator('form').filter({ has: task });
  const idle = await box.boundingBox();
  await page.getByRole('button', { name: 'Voice input' }).click();
  const recording = page.getByRole('group', { name: 'Recording' });
  await expect(recording).toBeVisible();
  expect((await box.boundingBox())?.height).toBe(idle?.height);
  for (const name of ['Discard recording', 'Accept recording']) {
    const button = await recording.getByRole('button', { name }).boundingBox();
    expect(Math.min(button?.width ?? 0, button?.height ?? 0)).toBeGreaterThanOrEqual(40);
  }
  await recording.getByRole('button', { name: 'Discard recording' }).click();
  await expect(page.getByRole('button', { name: 'Voice input' })).toBeVisible();
  expect((await box.boundingBox())?.height).toBe(idle?.height);
});

test("the Voice Input tab's Check Status says Success against the fake, and Error with the instructions for a bad key", async ({ loggedInPage: page, cui }) => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Voice Input' }).click();
  await dialog.getByRole('button', { name: 'Check Status' }).click();
  await expect(dialog.getByText('Success', { exact: true })).toBeVisible();
  await expect(dialog.getByText('To set up voice input:')).toBeHidden();

  await useFakeGemini(cui, 'AIzaWrongKey-0000');
  await dialog.getByRole('button', { name: 'Check Status' }).click();
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Voice status')).toContainText('API key not valid');
  await expect(dialog.getByText('To set up voice input:')).toBeVisible();
});
