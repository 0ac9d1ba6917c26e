import { SIGN_IN_GUIDANCE } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { mapSdkMessage } from './sdk-events';

/** What CLI 2.1.330 sends under the SDK (observed): a local command's answer and the no-credentials answer. */
const costAnswer = {
  type: 'assistant',
  message: { id: 'm1', model: '<synthetic>', role: 'assistant', type: 'message', content: [{ type: 'text', text: 'Estimated cost:        $0.0000' }] },
  parent_tool_use_id: null,
  local_command_source: '<local-command-stdout>Estimated cost:        $0.0000</local-command-stdout>',
  local_command_run: { command: 'usage', args: '' },
  session_id: 's1',
  uuid: 'd7bbc748-d3d2-4da4-8342-4514d410956d',
};
const notLoggedIn = {
  type: 'assistant',
  message: { id: 'm2', model: '<synthetic>', role: 'assistant', type: 'message', content: [{ type: 'text', text: 'Not logged in · Please run /login' }] },
  parent_tool_use_id: null,
  session_id: 's1',
  uuid: 'u2',
};

describe('the CLI answers as the console shows them', () => {
  it("a local command's answer goes out as the transcript's system/local_command line (same uuid)", () => {
    expect(mapSdkMessage(costAnswer)).toEqual({
      kind: 'event',
      event: { type: 'system', subtype: 'local_command', content: costAnswer.local_command_source, uuid: costAnswer.uuid, session_id: 's1', parent_tool_use_id: null },
    });
  });

  it("the no-credentials answer and its result carry the guidance instead of '/login'", () => {
    const mapped = mapSdkMessage(notLoggedIn);
    expect(mapped).toMatchObject({ kind: 'event', event: { type: 'assistant', message: { content: [{ type: 'text', text: SIGN_IN_GUIDANCE }] } } });
    const result = mapSdkMessage({ type: 'result', subtype: 'success', is_error: true, result: 'Not logged in · Please run /login', session_id: 's1' });
    expect(result).toMatchObject({ kind: 'event', event: { type: 'result', is_error: true, result: SIGN_IN_GUIDANCE } });
  });

  it("/login's answer carries the guidance, inside its output tags", () => {
    const login = { ...costAnswer, local_command_source: "<local-command-stdout>/login isn't available in this environment.</local-command-stdout>" };
    expect(mapSdkMessage(login)).toMatchObject({ event: { type: 'system', content: `<local-command-stdout>${SIGN_IN_GUIDANCE}</local-command-stdout>` } });
  });

  it("leaves the model's own words alone, even about /login", () => {
    const said = { ...notLoggedIn, message: { ...notLoggedIn.message, model: 'claude-opus-5-5', content: [{ type: 'text', text: 'Not logged in · Please run /login' }] } };
    expect(mapSdkMessage(said)).toMatchObject({ event: { message: { content: [{ text: 'Not logged in · Please run /login' }] } } });
  });
});
