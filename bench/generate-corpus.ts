/**
 * Deterministic transcript corpus for the sessions benchmark.
 *
 *   npx tsx bench/generate-corpus.ts --sessions 2000 --out bench/.corpus/s2000 [--seed 42]
 *
 * Writes <out>/projects/<encoded cwd>/<sessionId>.jsonl (the CLI's layout) and <out>/manifest.json.
 * Sizes follow a long tail (most sessions are short, a few are huge); one session has ~3,000 messages.
 * ~300 MB at 2,000 sessions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assistantMessage, bookkeeping, chained, codeLines, createRandom, sentence, toolCycle, userPrompt, type Random, type SessionWriter,
} from './corpus-lines';

export interface CorpusManifest {
  sessions: number;
  projects: string[];
  bytes: number;
  messages: number;
  /** The ~3,000-message session (for the detail benchmark). */
  bigSessionId: string;
  bigSessionMessages: number;
  seed: number;
  /** CORPUS_VERSION of the generator that wrote it (absent: version 1). */
  version?: number;
}

/** Bumped when the generator writes a different corpus: 2 dates each transcript as the CLI leaves it (mtime). */
export const CORPUS_VERSION = 2;

/** The corpus at `out` as this generator writes it: one left by an older generator is written anew. */
export function ensureCorpus(out: string, sessions: number): void {
  const manifestFile = path.join(out, 'manifest.json');
  if (fs.existsSync(manifestFile) && (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as CorpusManifest).version === CORPUS_VERSION) return;
  fs.rmSync(out, { recursive: true, force: true });
  generateCorpus({ sessions, out });
}

function readTool(w: SessionWriter): void {
  const file = `${w.cwd}/src/${w.rand.pick(['index', 'parser', 'db', 'worker', 'cache'])}.ts`;
  const content = codeLines(w.rand, w.rand.int(10, 80)).join('\n');
  const numbered = content.split('\n').map((l, i) => `${i + 1}\t${l}`).join('\n');
  toolCycle(w, 'Read', { file_path: file }, numbered, { type: 'text', file: { filePath: file, content, numLines: content.split('\n').length, startLine: 1 } });
}

function editTool(w: SessionWriter): void {
  const file = `${w.cwd}/src/${w.rand.pick(['index', 'parser', 'db'])}.ts`;
  const removed = codeLines(w.rand, w.rand.int(1, 6));
  const added = codeLines(w.rand, w.rand.int(1, 9));
  const patch = [{ oldStart: 10, oldLines: removed.length, newStart: 10, newLines: added.length, lines: [...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`)] }];
  toolCycle(w, 'Edit', { file_path: file, old_string: removed.join('\n'), new_string: added.join('\n') },
    `The file ${file} has been updated successfully.`,
    { filePath: file, oldString: removed.join('\n'), newString: added.join('\n'), structuredPatch: patch, userModified: false, replaceAll: false });
}

function writeTool(w: SessionWriter): void {
  const file = `${w.cwd}/src/new-${w.rand.hex(4)}.ts`;
  const content = `${codeLines(w.rand, w.rand.int(3, 40)).join('\n')}\n`;
  toolCycle(w, 'Write', { file_path: file, content }, `File created successfully at: ${file}`, { type: 'create', filePath: file, content, structuredPatch: [] });
}

function bashTool(w: SessionWriter): void {
  const stdout = codeLines(w.rand, w.rand.int(2, 30)).join('\n');
  toolCycle(w, 'Bash', { command: `npm test -- ${w.rand.pick(['parser', 'db', 'cache'])}`, description: 'Run tests' }, stdout, { stdout, stderr: '', interrupted: false });
}

/** A Task tool use whose subagent writes sidechain lines (isSidechain: true) into the same file. */
function taskTool(w: SessionWriter): void {
  const id = `toolu_${w.rand.hex(16)}`;
  const prompt = `Investigate ${sentence(w.rand, 3, 8)}`;
  chained(w, 'assistant', assistantMessage(w, [{ type: 'tool_use', id, name: 'Task', input: { description: 'Investigate', prompt, subagent_type: 'general-purpose' } }]));
  let side = chained(w, 'user', { message: { role: 'user', content: prompt } }, { sidechain: { parent: null } });
  for (let i = w.rand.int(1, 3); i > 0; i--) {
    side = chained(w, 'assistant', assistantMessage(w, [{ type: 'text', text: sentence(w.rand, 10, 40) }]), { sidechain: { parent: side } });
  }
  chained(w, 'user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: [{ type: 'text', text: sentence(w.rand, 20, 60) }] }] } });
}

function turn(w: SessionWriter, first: boolean, budget: number): void {
  const reminder = w.rand.chance(0.3) ? '<system-reminder>\nThe user opened src/index.ts in the IDE.\n</system-reminder>\n' : '';
  userPrompt(w, `${first ? reminder : ''}${sentence(w.rand, 4, 16)}`);
  chained(w, 'assistant', assistantMessage(w, [{ type: 'text', text: sentence(w.rand, 5, 30) }]));
  const cycles = Math.max(0, Math.min(budget, w.rand.int(0, 8)));
  for (let i = 0; i < cycles; i += 1) {
    const r = w.rand.next();
    if (r < 0.4) readTool(w);
    else if (r < 0.65) editTool(w);
    else if (r < 0.75) writeTool(w);
    else if (r < 0.95) bashTool(w);
    else taskTool(w);
  }
  chained(w, 'assistant', assistantMessage(w, [{ type: 'text', text: sentence(w.rand, 10, 60) }]));
  bookkeeping(w, 'tools-used', { tools: ['Read', 'Edit'] });
  bookkeeping(w, 'last-prompt', { lastPrompt: 'x', leafUuid: w.parent });
}

/** Long tail: most sessions have tens of messages, a few have thousands. */
function messageTarget(rand: Random): number {
  return Math.min(2500, Math.floor(6 + 18 * (1 / Math.pow(1 - rand.next() * 0.9995, 0.8) - 1)));
}

export function generateSession(rand: Random, cwd: string, start: number, target: number): SessionWriter {
  const w: SessionWriter = { rand, sessionId: rand.uuid(), cwd, clock: start, parent: null, lines: [], messages: 0 };
  if (rand.chance(0.05)) bookkeeping(w, 'summary', { summary: `Summary: ${sentence(rand, 3, 7)}`, leafUuid: rand.uuid() });
  let first = true;
  while (w.messages < target) {
    turn(w, first, Math.ceil((target - w.messages) / 2));
    first = false;
  }
  if (rand.chance(0.05)) bookkeeping(w, 'custom-title', { customTitle: `Title ${sentence(rand, 2, 4)}` });
  if (rand.chance(0.02)) w.lines.splice(rand.int(1, w.lines.length - 1), 0, '{"type":"user","message":{"role":"user","con');
  bookkeeping(w, 'cost-state', { totalCostUSD: rand.next(), totalDuration: rand.int(1000, 900000) });
  return w;
}

function encodeProjectDir(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

export function generateCorpus(options: { sessions: number; out: string; seed?: number }): CorpusManifest {
  const seed = options.seed ?? 42;
  const rand = createRandom(seed);
  const projectCount = Math.max(2, Math.round(options.sessions / 25));
  const projects = Array.from({ length: projectCount }, (_, i) => `/home/dev/code/${rand.pick(['web-app', 'api.server', 'my_lib', 'tools'])}-${i}`);
  const manifest: CorpusManifest = { sessions: options.sessions, projects, bytes: 0, messages: 0, bigSessionId: '', bigSessionMessages: 0, seed, version: CORPUS_VERSION };
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < options.sessions; i++) {
    // Zipf-like: a few projects hold most sessions.
    const cwd = projects[Math.min(projectCount - 1, Math.floor(Math.pow(rand.next(), 2) * projectCount))] as string;
    const w = generateSession(rand, cwd, base + rand.int(0, 300 * 86_400_000), i === 0 ? 3000 : messageTarget(rand));
    const dir = path.join(options.out, 'projects', encodeProjectDir(cwd));
    fs.mkdirSync(dir, { recursive: true });
    const text = `${w.lines.join('\n')}\n`;
    const file = path.join(dir, `${w.sessionId}.jsonl`);
    fs.writeFileSync(file, text);
    // Dated as the CLI leaves a transcript: modified just after its last line was written (the first index reads the
    // newest files first, and its early first page relies on no line being dated after its file's mtime).
    const modified = new Date(w.clock + 1000);
    fs.utimesSync(file, modified, modified);
    manifest.bytes += Buffer.byteLength(text);
    manifest.messages += w.messages;
    if (i === 0) Object.assign(manifest, { bigSessionId: w.sessionId, bigSessionMessages: w.messages });
  }
  fs.writeFileSync(path.join(options.out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = path.resolve(arg('out'));
  if (fs.existsSync(path.join(out, 'manifest.json'))) throw new Error(`${out} already holds a corpus; remove it first`);
  const started = Date.now();
  const manifest = generateCorpus({ sessions: Number(arg('sessions', '2000')), out, seed: Number(arg('seed', '42')) });
  console.log(`${manifest.sessions} sessions, ${manifest.messages} messages, ${(manifest.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s → ${out}`);
}
