import { gateOf } from '../gates';
import type { Conversation, Scenario } from '../types';
import { inCwd, message, pickTool, promptHas, quoteLastResult, runSteps, text } from './helpers';

/** Marks the task the parent hands to its subagent, so the subagent's own requests are recognised statelessly. */
export const SUBAGENT_MARKER = '[fake-subagent-task]';
export const SUBAGENT_REPLY = 'Subagent report: the repository has a hello.txt file.';

/** `task` / `subagent`: the Agent (formerly Task) tool launches a foreground subagent, then the parent sums up. */
export const taskScenario: Scenario = {
  name: 'task',
  matches: (conversation) => promptHas(conversation, 'task', 'subagent', 'subagents'),
  reply: (conversation) => {
    const tool = pickTool(conversation, ['Agent', 'Task']);
    if (!tool) return message(text('No subagent tool (Agent or Task) is available in this session.'));
    // A gated conversation gates its subagent too.
    const gate = gateOf(conversation.prompt);
    const input = {
      description: 'Inspect the repository',
      prompt: `${SUBAGENT_MARKER} Look at the repository and report what files it has.${gate ? ` [gate:${gate}]` : ''}`,
      subagent_type: 'general-purpose',
      run_in_background: false,
    };
    return runSteps(
      conversation,
      [{ intro: "I'll ask a subagent to look around.", tool, input }],
      (c: Conversation) => `The subagent finished. It said: ${subagentReport(c)}`,
    );
  },
};

/** The subagent's words inside the CLI's hand-back frame, or the quoted tool result. */
function subagentReport(conversation: Conversation): string {
  const report = /Subagent report:[^\n]*/.exec(conversation.lastToolResult ?? '');
  return report ? report[0] : quoteLastResult(conversation);
}

/** A subagent's own requests (marked prompt, or the CLI's subagent billing header): Read hello.txt, then a short report. */
export const subagentChildScenario: Scenario = {
  name: 'subagent-child',
  matches: (conversation) => conversation.prompt.includes(SUBAGENT_MARKER) || conversation.systemText.includes('cc_is_subagent=true'),
  reply: (conversation) => {
    const file = inCwd(conversation, 'hello.txt');
    if (!file) return message(text(SUBAGENT_REPLY));
    return runSteps(conversation, [{ intro: 'Reading hello.txt.', tool: 'Read', input: { file_path: file } }], () => SUBAGENT_REPLY);
  },
};
