// `npm test`: typecheck, lint, every vitest project, build, then the Playwright e2e suite against Debian's Chromium.
// Stops at the first failing step and prints a one-line summary either way. `npm test -- <step…>` runs only those steps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// node_modules/.bin first: its `node` is the pinned Node 24 the tools need, even when this script runs on another.
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
    return 1;
  }
  process.stdout.write(`${CHROMIUM} is missing: installing Debian's chromium package\n`);
  return run('apt-get', ['update']) || run('apt-get', ['install', '-y', 'chromium']);
}

// The voice e2e speaks with espeak-ng, converts with sox, and (its real-recognition tier) listens with pocketsphinx.
const SPEECH_PACKAGES = [['espeak-ng', '/usr/bin/espeak-ng'], ['sox', '/usr/bin/sox'], ['pocketsphinx', '/usr/bin/pocketsphinx_continuous'], ['pocketsphinx-en-us', '/usr/share/pocketsphinx/model/en-us/en-us']];

function ensureSpeechTools() {
  const missing = SPEECH_PACKAGES.filter(([, file]) => !fs.existsSync(file)).map(([name]) => name);
  if (missing.length === 0) return 0;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`The voice e2e needs Debian's ${missing.join(', ')}: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}\n`);
    return 1;
  }
  process.stdout.write(`installing Debian's ${missing.join(', ')} for the voice e2e\n`);
  return run('apt-get', ['update']) || run('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
}

let builtThisRun = false;

function e2e() {
  if (!fs.existsSync(path.join(ROOT, 'playwright.config.ts'))) {
    process.stdout.write('e2e: skipped, there is no playwright.config.ts\n');
    return 0;
  }
  // When the build step of this run produced dist/web, the e2e harness serves it instead of building its own copy.
  if (builtThisRun) env.CUI_E2E_WEB_ROOT ??= path.join(ROOT, 'dist/web');
  return ensureChromium() || ensureSpeechTools() || run(path.join(BIN, 'playwright'), ['test']);
}

const allSteps = [
  ['typecheck', () => run('npm', ['run', '--silent', 'typecheck'])],
  ['lint', () => run('npm', ['run', '--silent', 'lint'])],
  ['vitest', () => run(path.join(BIN, 'vitest'), ['run'])],
  ['build', () => {
    const status = run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
    builtThisRun = status === 0;
    return status;
  }],
  ['e2e', e2e],
];
// `npm test -- lint e2e` runs only the named steps (in the usual order); no names runs them all.
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !allSteps.some(([step]) => step === name));
if (unknown.length > 0) {
  process.stderr.write(`unknown step(s): ${unknown.join(', ')}; steps are ${allSteps.map(([name]) => name).join(', ')}\n`);
  process.exit(2);
}
const steps = wanted.length > 0 ? allSteps.filter(([name]) => wanted.includes(name)) : allSteps;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
for (const [index, [name, step]] of steps.entries()) {
  process.stdout.write(`\n=== [${index + 1}/${steps.length}] ${name}\n`);
  const status = step();
  if (status !== 0) {
    process.stdout.write(`\nnpm test: FAILED at ${name} (exit ${status}) after ${elapsed()}\n`);
    process.exit(status);
  }
}
process.stdout.write(`\nnpm test: all ${steps.length} steps passed (${steps.map(([name]) => name).join(', ')}) in ${elapsed()}\n`);
