import type { Conversation, Scenario } from '../types';
import { promptHas, quoteLastResult, runSteps, type ToolStep } from './helpers';

export const QUESTION_TEXT = 'Which greeting should hello.txt use?';

/** `question`: AskUserQuestion (offered when the CLI has a prompt surface, e.g. stdio), then echo the answer. */
export const questionScenario: Scenario = {
  name: 'question',
  matches: (conversation) => promptHas(conversation, 'question', 'ask'),
  reply: (conversation) =>
    runSteps(
      conversation,
      [
        {
          intro: 'I need one decision from you.',
          tool: 'AskUserQuestion',
          input: {
            questions: [
              {
                question: QUESTION_TEXT,
                header: 'Greeting',
                options: [
                  { label: 'hello world', description: 'The classic greeting' },
                  { label: 'hi there', description: 'A shorter, friendlier one' },
                ],
                multiSelect: false,
              },
            ],
          },
        },
      ],
      (c: Conversation) => `Thanks. Your answer: ${quoteLastResult(c, 300)}`,
    ),
};

export const PLAN_MARKDOWN = [
  '# Plan: fix the greeting',
  '',
  '1. Read `hello.txt`.',
  '2. Replace `helo wrld` with `hello world`.',
  '3. Check the result with `git diff`.',
].join('\n');

/**
 * `plan`: in plan mode CLI 2.1.330 names a plan file; the plan is written there first, then
 * ExitPlanMode (deferred: loaded through ToolSearch) asks for approval; then text.
 */
export const planScenario: Scenario = {
  name: 'plan',
  matches: (conversation) => promptHas(conversation, 'plan'),
  reply: (conversation) => {
    const steps: ToolStep[] = conversation.planFile
      ? [{ intro: 'Writing the plan.', tool: 'Write', input: { file_path: conversation.planFile, content: `${PLAN_MARKDOWN}\n` } }]
      : [];
    steps.push({ intro: "Here's my plan.", tool: 'ExitPlanMode', input: { plan: PLAN_MARKDOWN } });
    return runSteps(conversation, steps, (c: Conversation) => `Plan step finished. Tool said: ${quoteLastResult(c, 300)}`);
  },
};
