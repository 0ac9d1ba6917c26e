import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Real speech for the voice e2e: espeak-ng speaks, sox makes 16 kHz mono with silence around it (wave2-verified.md §3). */
export function makeSpeechWav(dir: string, sentence: string): string {
  const raw = path.join(dir, 'spoken.wav');
  const file = path.join(dir, 'speech16k.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', raw, sentence]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', file, 'pad', '0.3', '1.0']);
  return file;
}

/** True when pocketsphinx and its US English model are installed (the real-recognition tier runs then). */
export function hasPocketsphinx(): boolean {
  return spawnSync('pocketsphinx_continuous', ['-h'], { stdio: 'ignore' }).error === undefined && fs.existsSync('/usr/share/pocketsphinx/model/en-us/en-us');
}

/** Recognises a 16 kHz mono WAV with pocketsphinx, restricted to `phrases` (without a grammar it guesses wildly at espeak's voice). */
export function recognise(wav: string, phrases: readonly string[]): string {
  const grammar = path.join(path.dirname(wav), 'phrases.gram');
  fs.writeFileSync(grammar, `#JSGF V1.0;\ngrammar phrases;\npublic <phrase> = ${phrases.join(' | ')};\n`);
  const out = execFileSync('pocketsphinx_continuous', ['-infile', wav, '-jsgf', grammar, '-logfn', '/dev/null'], { encoding: 'utf8' });
  return out.trim();
}

/** Audio decoded by Chromium itself (decodeAudioData), resampled to 16 kHz mono: no ffmpeg needed for webm/opus. */
export async function decodeInBrowser(page: Page, audio: Buffer): Promise<{ sampleRate: number; samples: Float32Array }> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const context = new OfflineAudioContext(1, 1, 16_000);
    const buffer = await context.decodeAudioData(bytes.buffer);
    const mono = new Float32Array(buffer.length);
    for (let channel = 0; channel < buffer.numberOfChannels; channel += 1) {
      const data = buffer.getChannelData(channel);
      for (let i = 0; i < data.length; i += 1) mono[i] = (mono[i] ?? 0) + (data[i] ?? 0) / buffer.numberOfChannels;
    }
    return { sampleRate: buffer.sampleRate, samples: Array.from(mono) };
  }, audio.toString('base64'));
  return { sampleRate: decoded.sampleRate, samples: Float32Array.from(decoded.samples) };
}

/** Seconds of sound above a quiet-room level, in 20 ms windows. */
export function nonSilentSeconds(samples: Float32Array, sampleRate: number, threshold = 0.01): number {
  const window = Math.round(sampleRate / 50);
  let loud = 0;
  for (let start = 0; start + window <= samples.length; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i += 1) sum += (samples[i] ?? 0) ** 2;
    if (Math.sqrt(sum / window) > threshold) loud += 1;
  }
  return (loud * window) / sampleRate;
}

/** A 16-bit PCM mono WAV of float samples. */
export function writeWav(file: string, samples: Float32Array, sampleRate: number): void {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
}
