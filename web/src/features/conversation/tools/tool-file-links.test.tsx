import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolFixtures } from '../fixtures/tool-uses';
import { renderInConversation } from '../fixtures/render';
import { ToolUse } from './ToolUse';

describe('paths in tool panels open the files sheet (issue 25.3)', () => {
  it("links a Read's path to the file at the line it read from", () => {
    const { use, result } = toolFixtures.read;
    const block = { ...use, input: { ...use.input, offset: 12 } };
    renderInConversation(<ToolUse block={block} />, { toolResults: { [use.id]: result } });
    const link = screen.getByRole('link', { name: 'hello.txt' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://x/c/s');
    expect(href.searchParams.get('files')).toBe(use.input.file_path);
    expect(href.searchParams.get('line')).toBe('12');
  });
});
