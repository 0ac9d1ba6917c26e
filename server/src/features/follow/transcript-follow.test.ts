import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeEnd, createTranscriptTail } from './transcript-follow';

let dir: string;
let file: string;

const SESSION = '0b7c2a4e-1111-4222-8333-444455556666';
const user = (uuid: string, parentUuid: string | null, text: string) => ({ parentUuid, isSidechain: false, type: 'user', message: { role: 'user', content: text }, uuid, timestamp: '2026-11-22T10:00:00.000Z', sessionId: SESSION, cwd: '/w' });
const assistant = (uuid: string, parentUuid: string, text: string) => ({ parentUuid, isSidechain: false, type: 'assistant', message: { id: `msg_${uuid}`, role: 'assistant', content: [{ type: 'text', text }] }, uuid, timestamp: '2026-11-22T10:00:01.000Z', sessionId: SESSION });
const attachment = (uuid: string, parentUuid: string) => ({ parentUuid, isSidechain: false, attachment: { type: 'date', date: '2026-11-22' }, type: 'attachment', uuid, timestamp: '2026-11-22T10:00:00.500Z' });
const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-follow-'));
  file = path.join(dir, `${SESSION}.jsonl`);
  fs.writeFileSync(file, line({ type: 'queue-operation', operation: 'enqueue', sessionId: SESSION }));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('transcript tail', () => {
  it('returns each message once, as it is appended, in the details shape', async () => {
    const tail = createTranscriptTail(file, 0);
    expect(await tail.read()).toEqual([]);
    fs.appendFileSync(file, line(user('u1', null, 'hello')));
    const first = await tail.read();
    expect(first).toEqual([{ uuid: 'u1', type: 'user', message: { role: 'user', content: 'hello' }, timestamp: '2026-11-22T10:00:00.000Z', cwd: '/w', isSidechain: false, parentUuid: null, sessionId: SESSION }]);
    expect(await tail.read()).toEqual([]);
    fs.appendFileSync(file, line({ type: 'last-prompt', lastPrompt: 'hello', sessionId: SESSION }) + line(assistant('a1', 'u1', 'hi')));
    expect((await tail.read()).map((m) => [m.uuid, m.type, m.parentUuid])).toEqual([['a1', 'assistant', 'u1']]);
    expect(tail.offset).toBe(fs.statSync(file).size);
  });

  it('bridges a message over hidden lines to its nearest shown ancestor', async () => {
    const tail = createTranscriptTail(file, 0);
    fs.appendFileSync(file, line(user('u1', null, 'hello')) + line(attachment('x1', 'u1')) + line(attachment('x2', 'x1')) + line(assistant('a1', 'x2', 'hi')));
    expect((await tail.read()).map((m) => [m.uuid, m.parentUuid])).toEqual([['u1', null], ['a1', 'u1']]);
  });

  it('leaves a half-written last line for the next read', async () => {
    const tail = createTranscriptTail(file, 0);
    const whole = line(user('u1', null, 'hello'));
    fs.appendFileSync(file, whole.slice(0, 20));
    expect(await tail.read()).toEqual([]);
    expect(await completeEnd(file)).toBe(tail.offset);
    fs.appendFileSync(file, whole.slice(20));
    expect((await tail.read()).map((m) => m.uuid)).toEqual(['u1']);
  });

  it('starts from a cursor: only what follows it', async () => {
    fs.appendFileSync(file, line(user('u1', null, 'hello')));
    const tail = createTranscriptTail(file, await completeEnd(file));
    fs.appendFileSync(file, line(assistant('a1', 'u1', 'hi')));
    expect((await tail.read()).map((m) => m.uuid)).toEqual(['a1']);
  });

  it('reads a transcript that shrank (rewritten) again from its start', async () => {
    fs.appendFileSync(file, line(user('u1', null, 'hello')) + line(assistant('a1', 'u1', 'hi')));
    const tail = createTranscriptTail(file, await completeEnd(file));
    fs.writeFileSync(file, line(user('u2', null, 'again')));
    expect((await tail.read()).map((m) => m.uuid)).toEqual(['u2']);
  });
});
