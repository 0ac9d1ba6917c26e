import { describe, expect, it } from 'vitest';
import { formatElapsed, insertAtCursor, microphoneErrorMessage, MIC_MESSAGES } from './voice-constants';

const domError = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('microphoneErrorMessage', () => {
  it('names a denied permission, a missing device, an unsupported browser, and anything else with its detail', () => {
    expect(microphoneErrorMessage(domError('NotAllowedError'))).toBe(MIC_MESSAGES.denied);
    expect(microphoneErrorMessage(domError('NotFoundError'))).toBe(MIC_MESSAGES.noDevice);
    expect(microphoneErrorMessage(domError('NotSupportedError'))).toBe(MIC_MESSAGES.unsupported);
    expect(microphoneErrorMessage(domError('NotReadableError', 'Device in use'))).toBe('Failed to start recording: Device in use');
  });
});

describe('formatElapsed', () => {
  it('shows minutes, zero-padded seconds and tenths (the timer updates every 100 ms)', () => {
    expect(formatElapsed(0)).toBe('0:00.0');
    expect(formatElapsed(9_900)).toBe('0:09.9');
    expect(formatElapsed(9_999)).toBe('0:09.9');
    expect(formatElapsed(125_000)).toBe('2:05.0');
  });
});

describe('insertAtCursor', () => {
  it('inserts at the cursor with spaces where words would touch, and puts the cursor after the insertion', () => {
    expect(insertAtCursor('', 'hello', 0)).toEqual({ text: 'hello', caret: 5 });
    expect(insertAtCursor('fix the bug', 'login', 8)).toEqual({ text: 'fix the login bug', caret: 13 });
    expect(insertAtCursor('fix thebug', 'login', 7)).toEqual({ text: 'fix the login bug', caret: 13 });
    expect(insertAtCursor('replace THIS please', 'that', 8, 12)).toEqual({ text: 'replace that please', caret: 12 });
  });
});
