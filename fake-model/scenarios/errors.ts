import type { Scenario } from '../types';
import { promptHas } from './helpers';

/** `api-error`: HTTP 400 invalid_request_error. */
export const apiErrorScenario: Scenario = {
  name: 'api-error',
  matches: (conversation) => promptHas(conversation, 'api-error'),
  reply: () => ({ kind: 'error', status: 400, errorType: 'invalid_request_error', message: 'fake invalid request' }),
};

/** `overloaded`: HTTP 529 overloaded_error (the CLI retries; set CLAUDE_CODE_MAX_RETRIES to shorten). */
export const overloadedScenario: Scenario = {
  name: 'overloaded',
  matches: (conversation) => promptHas(conversation, 'overloaded'),
  reply: () => ({ kind: 'error', status: 529, errorType: 'overloaded_error', message: 'Overloaded' }),
};
