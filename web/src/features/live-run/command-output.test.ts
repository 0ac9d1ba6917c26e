import { describe, expect, it } from 'vitest';
import { commandOutputText } from './view-message';

const COST = '<local-command-stdout>Estimated cost:        $0.0000</local-command-stdout>';

describe('commandOutputText', () => {
  it('reads stdout and stderr, and nothing else', () => {
    expect(commandOutputText('local_command', '<local-command-stderr>bad flag</local-command-stderr>')).toBe('bad flag');
    expect(commandOutputText('local_command', '/cost')).toBeUndefined();
    expect(commandOutputText('api_retry', COST)).toBeUndefined();
    expect(commandOutputText('local_command', '<local-command-stdout></local-command-stdout>')).toBeUndefined();
  });
});
