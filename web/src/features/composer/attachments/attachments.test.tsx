import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../Composer';
import type { SuggestionLoaders } from '../suggestion-loaders';

const loaders: SuggestionLoaders = { files: async () => ({ items: [], complete: true }), searchFiles: async () => [], commands: async () => [] };
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });

function renderComposer() {
  const onSubmit = vi.fn(async () => true);
  render(<Composer placeholder="Continue" workingDirectory="/work/app" showModelSelector={false} onSubmit={onSubmit} loaders={loaders} />);
  return { onSubmit, textarea: screen.getByRole('combobox', { name: 'Task' }) };
}

let created = 0;
beforeEach(() => {
  // jsdom has no object URLs: each thumbnail gets a unique stand-in.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:thumb-${(created += 1)}`, revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

describe('Composer images', () => {
  it('attaches picked images as thumbnails, removes one, and sends the rest as base64 with the text', async () => {
    const user = userEvent.setup();
    const { onSubmit, textarea } = renderComposer();
    await user.upload(await screen.findByTestId('attach-images-input'), [png('one.png'), png('two.png')]);
    expect((await screen.findAllByRole('img')).map((img) => img.getAttribute('alt'))).toEqual(['one.png', 'two.png']);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['two.png']);
    await user.type(textarea, 'what is this');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ text: 'what is this', images: [{ mediaType: 'image/png', data: 'iVBORw0KGgo=' }] })));
    await waitFor(() => expect(screen.queryByRole('img')).not.toBeInTheDocument());
  });

  it('refuses a type other than PNG, JPEG, GIF and WebP, and an image over 5 MB, with a message; nothing is attached', async () => {
    const user = userEvent.setup();
    renderComposer();
    const input = await screen.findByTestId('attach-images-input');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('logo.svg is not a PNG, JPEG, GIF or WebP image');
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.png is 5.0 MB; images may be at most 5 MB');
    expect(screen.queryByRole('list', { name: 'Images to send' })).not.toBeInTheDocument();
  });

  it('takes an image pasted into the box', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.click(textarea);
    await user.paste({ files: [png('pasted.png')], items: [], types: ['Files'], getData: () => '' } as unknown as DataTransfer);
    expect((await screen.findAllByRole('img')).map((img) => img.getAttribute('alt'))).toEqual(['pasted.png']);
  });
});
