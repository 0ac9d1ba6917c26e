import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@cui/contract';
import { RouteForm } from './RouteForm';

/** An upload route like the spec's transcribe: JSON with base64, or multipart with an audio file. */
const transcribe = defineRoute({
  name: 'transcribeAudio',
  summary: 'Transcribes audio.',
  method: 'POST',
  path: '/api/test/transcribe',
  body: z.object({ audio: z.string(), mimeType: z.string() }),
  upload: { fields: z.object({ language: z.string().optional() }), files: { audio: { maxBytes: 1024, mimeTypes: ['audio/wav', 'audio/webm'], required: true } } },
  response: z.object({ text: z.string() }),
});

afterEach(() => vi.unstubAllGlobals());

describe('upload routes', () => {
  it('offer a file picker limited to the media types and send a picked file as multipart with the text fields', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ text: 'hello' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<RouteForm routes={[transcribe]} />);
    const picker = screen.getByLabelText('audio *');
    expect(picker.getAttribute('accept')).toBe('audio/wav,audio/webm');
    await user.upload(picker, new File(['RIFF'], 'clip.wav', { type: 'audio/wav' }));
    await user.type(screen.getByLabelText('Language'), 'en');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'transcribeAudio result' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(FormData);
    const form = init?.body as FormData;
    expect(form.get('language')).toBe('en');
    expect((form.get('audio') as File).name).toBe('audio');
  });

  it('send JSON through the body form when no file is picked', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ text: 'hello' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<RouteForm routes={[transcribe]} />);
    await user.type(screen.getByLabelText('Audio *'), 'UklGRg==');
    await user.type(screen.getByLabelText('Mime type *'), 'audio/wav');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'transcribeAudio result' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ audio: 'UklGRg==', mimeType: 'audio/wav' });
  });
});
