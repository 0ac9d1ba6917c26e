// How `npm start` launches Node (package.json's start script: `[NAME=value …] exec node [--flag …] scripts/start.mjs`),
// for launchers that start the server the same way without npm (the demo, the benchmarks): one place says it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START = /^((?:[A-Z_]+=\S+ )*)exec node ((?:--\S+ )*)scripts\/start\.mjs$/;

/** The environment variables and Node flags of a checkout's `npm start` (this one by default). */
export function npmStartLaunch(root = ROOT) {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const match = START.exec(script);
  if (!match) throw new Error(`package.json's start script is not "[NAME=value …] exec node [--flag …] scripts/start.mjs": ${script}`);
  const words = (text) => text.split(' ').filter(Boolean);
  return { env: Object.fromEntries(words(match[1]).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)])), flags: words(match[2]) };
}
