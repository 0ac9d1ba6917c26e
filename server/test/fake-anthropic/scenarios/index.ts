import type { Conversation, Scenario } from '../types';
import { bashScenario } from './bash';
import { auxiliaryScenario, echoScenario } from './echo';
import { apiErrorScenario, overloadedScenario } from './errors';
import { fixScenario, writeScenario } from './files';
import { slowScenario } from './slow';
import { todoScenario } from './todo';

/** Scenarios in priority order; the first that matches answers. `echo` matches everything. */
export const SCENARIOS: readonly Scenario[] = [
  auxiliaryScenario,
  apiErrorScenario,
  overloadedScenario,
  slowScenario,
  fixScenario,
  writeScenario,
  bashScenario,
  todoScenario,
  echoScenario,
];

export function pickScenario(conversation: Conversation, scenarios: readonly Scenario[] = SCENARIOS): Scenario {
  return scenarios.find((scenario) => scenario.matches(conversation)) ?? echoScenario;
}
