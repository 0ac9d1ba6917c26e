import { describe, expect, it } from 'vitest';
import { addToolMetrics, countLines, EMPTY_TOOL_METRICS, estimateEdit, patchCounts, settleToolChange, toolUseChange } from './tool-metrics';

describe('the one tool-metrics rule', () => {
  it('estimates Edit, MultiEdit and Write from their input; other tools change nothing', () => {
    expect(toolUseChange('Edit', { old_string: 'a\nb', new_string: 'a\nc\nd' })).toEqual({ editCount: 1, writeCount: 0, linesAdded: 2, linesRemoved: 1 });
    expect(toolUseChange('MultiEdit', { edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'p\nq', new_string: 'p' }] })).toEqual({
      editCount: 2, writeCount: 0, linesAdded: 1, linesRemoved: 2,
    });
    expect(toolUseChange('MultiEdit', { edits: 'garbage' })).toEqual({ editCount: 1, writeCount: 0, linesAdded: 0, linesRemoved: 0 });
    expect(toolUseChange('Write', { content: 'one\ntwo\n' })).toEqual({ editCount: 0, writeCount: 1, linesAdded: 2, linesRemoved: 0 });
    expect(toolUseChange('Read', { file_path: '/x' })).toBeUndefined();
  });

  it("settles a use by its result: nothing when it failed or was denied, the CLI's patch or created content over the estimate", () => {
    const estimate = { editCount: 1, writeCount: 0, linesAdded: 2, linesRemoved: 1 };
    expect(settleToolChange(estimate, { isError: true })).toEqual(EMPTY_TOOL_METRICS);
    expect(settleToolChange(estimate, { isError: false })).toEqual(estimate);
    expect(settleToolChange(estimate, { isError: false, structured: { structuredPatch: [{ lines: [' a', '-b', '+c', '+d', '+e'] }] } })).toEqual({ ...estimate, linesAdded: 3, linesRemoved: 1 });
    const write = { editCount: 0, writeCount: 1, linesAdded: 2, linesRemoved: 0 };
    expect(settleToolChange(write, { isError: false, structured: { type: 'create', content: 'a\nb\nc\n', structuredPatch: [] } })).toEqual({ ...write, linesAdded: 3 });
  });

  it('adds settled changes field by field', () => {
    const once = addToolMetrics(EMPTY_TOOL_METRICS, { editCount: 2, writeCount: 0, linesAdded: 1, linesRemoved: 2 });
    expect(addToolMetrics(once, { editCount: 0, writeCount: 1, linesAdded: 3, linesRemoved: 0 })).toEqual({ editCount: 2, writeCount: 1, linesAdded: 4, linesRemoved: 2 });
  });

  it('counts lines without a final newline and estimates edits ignoring unchanged leading and trailing lines', () => {
    expect([countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb')]).toEqual([0, 1, 1, 2]);
    expect(estimateEdit('a\nb\nc', 'a\nB\nc')).toEqual([1, 1]);
    expect(estimateEdit('', 'x\ny\n')).toEqual([2, 0]);
    expect(estimateEdit('same', 'same')).toEqual([0, 0]);
    expect(patchCounts([{ lines: ['-a', '+b', ' c', '+d'] }, { lines: [1, '-e'] }])).toEqual([2, 2]);
    expect(patchCounts('nope')).toBeUndefined();
  });
});
