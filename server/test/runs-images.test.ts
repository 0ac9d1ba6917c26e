import path from 'node:path';
import { MAX_IMAGE_BYTES } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, startTestServer, testChildEnv, type TestServer } from './helpers';
import { getJson, openStream, postJson, postStart, startOk } from './runs-support';

/** Images of a message reach the model as image blocks, stay in the transcript, and bad ones are refused (issue 26.2). */

/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** The first bytes of a GIF, enough for its signature. */
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1').toString('base64');

let fake: FakeAnthropic;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  const dirs = makeTestDirs();
  server = await startTestServer({ dirs, childEnv: testChildEnv(dirs, fake.url) });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface Block { type: string; text?: string; source?: { type: string; media_type: string; data: string } }

function lastUserBlocks(body: unknown): Block[] {
  const messages = (body as { messages: { role: string; content: string | Block[] }[] }).messages;
  const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);
}

describe('images in a message', () => {
  it('reach the fake model as image blocks, unchanged, and the conversation history keeps them', async () => {
    const workingDirectory = makeRepo(path.join(server.dirs.work, 'images'));
    const images = [{ mediaType: 'image/png', data: PNG }, { mediaType: 'image/gif', data: GIF }];
    const { streamingId, sessionId } = await startOk(server, { workingDirectory, initialPrompt: 'what is in these pictures', images });
    const stream = await openStream(server, streamingId);
    await stream.ended;

    // The CLI adds a text block naming where it saved each image ('[Image: source: …/images/2.gif]').
    const request = fake.requests.find((r) => r.body !== undefined && lastUserBlocks(r.body).some((b) => b.type === 'image'));
    const blocks = lastUserBlocks(request?.body ?? { messages: [] });
    expect(JSON.stringify(request?.body)).toContain('what is in these pictures');
    expect(blocks.filter((b) => b.type === 'image')).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: GIF } },
    ]);

    const details = await getJson(server, `/api/conversations/${sessionId}`);
    const messages = details.body.messages as { message: { role: string; content: string | Block[] } }[];
    const userImages = messages.flatMap((m) => (m.message.role === 'user' && Array.isArray(m.message.content) ? m.message.content : [])).filter((b) => b.type === 'image');
    expect(userImages.map((b) => b.source?.media_type)).toEqual(['image/png', 'image/gif']);
  });

  it.each([
    ['a type its bytes are not', [{ mediaType: 'image/jpeg', data: PNG }], 400, 'message.image_invalid', 'Image 1 is not a JPEG image'],
    ['data that is not base64', [{ mediaType: 'image/png', data: 'not base64!' }], 400, 'message.image_invalid', 'Image 1 is not base64 data'],
    ['more than ten images', Array.from({ length: 11 }, () => ({ mediaType: 'image/png', data: PNG })), 400, 'message.image_invalid', 'at most 10 images'],
    ['an image over 5 MB', [{ mediaType: 'image/png', data: Buffer.alloc(MAX_IMAGE_BYTES + 3, 0x89).toString('base64') }], 413, 'message.image_too_large', 'at most 5 MB'],
  ])('refuses %s with nothing sent, on start and on a follow-up message', async (_label, images, status, code, message) => {
    const before = fake.requests.length;
    const started = await postStart(server, { workingDirectory: server.dirs.work, initialPrompt: 'hello', images });
    expect(started).toMatchObject({ status, body: { code, error: expect.stringContaining(message) } });
    const sent = await postJson(server, '/api/conversations/00000000-0000-4000-8000-000000000000/messages', { message: 'hello', images });
    expect(sent).toMatchObject({ status, body: { code } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a media type other than PNG, JPEG, GIF and WebP', async () => {
    const started = await postStart(server, { workingDirectory: server.dirs.work, initialPrompt: 'hello', images: [{ mediaType: 'image/svg+xml', data: PNG }] });
    expect(started).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
  });
});
