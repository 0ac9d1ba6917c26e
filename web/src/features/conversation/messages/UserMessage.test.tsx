import { render, screen } from '@testing-library/react';
import type { ContentBlock } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { UserMessage } from './UserMessage';

describe('UserMessage', () => {
  it("shows the message's images (the transcript's base64 image blocks) above its text", async () => {
    const blocks = [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/x.png' } },
      { type: 'text', text: 'what is this' },
    ] satisfies ContentBlock[];
    render(<UserMessage blocks={blocks} />);
    expect((await screen.findAllByRole('img')).map((img) => img.getAttribute('src'))).toEqual(['data:image/png;base64,iVBORw0KGgo=']);
    expect(screen.getByText('what is this')).toBeInTheDocument();
  });
});
