import type { Conversation, Scenario } from '../types';
import { backgroundScenario, bashScenario, lingerScenario } from './bash';
import { compactScenario } from './compact';
import { auxiliaryScenario, echoScenario } from './echo';
import { apiErrorScenario, overloadedScenario } from './errors';
import { fixScenario, writeScenario } from './files';
import { planScenario, questionScenario } from './interactive';
import { markdownScenario } from './markdown';
import { slowScenario } from './slow';
import { subagentChildScenario, taskScenario } from './subagent';
import { todoScenario } from './todo';

/** Scenarios in priority order; the first that matches answers. `echo` matches everything. */
export const SCENARIOS: readonly Scenario[] = [
  auxiliaryScenario,
  compactScenario,
  subagentChildScenario,
  apiErrorScenario,
  overloadedScenario,
  slowScenario,
  fixScenario,
  writeScenario,
  bashScenario,
  lingerScenario,
  backgroundScenario,
  todoScenario,
  taskScenario,
  questionScenario,
  planScenario,
  markdownScenario,
  echoScenario,
];

export function pickScenario(conversation: Conversation, scenarios: readonly Scenario[] = SCENARIOS): Scenario {
  return scenarios.find((scenario) => scenario.matches(conversation)) ?? echoScenario;
}
