import type { Conversation, Scenario, ScriptReply } from '../types';
import { callTool, message, pickTool, promptHas, quoteLastResult, text } from './helpers';

/**
 * `todo`: one TodoWrite call with a three-item list, then a summary.
 * CLI 2.1.330 offers no todo tool by default; with CLAUDE_CODE_ENABLE_TODO_TOOLS=1 and
 * CLAUDE_CODE_ENABLE_TASKS=0 it lists TodoWrite as deferred, loaded here through ToolSearch.
 * With only CLAUDE_CODE_ENABLE_TODO_TOOLS=1 it offers TaskCreate instead (one task is created).
 */
export const TODOS = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Fix the typo', status: 'in_progress', activeForm: 'Fixing the typo' },
  { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
];

const finish = (conversation: Conversation): ScriptReply =>
  message(text(`Todo list updated. Tool said: ${quoteLastResult(conversation)}`));

export const todoScenario: Scenario = {
  name: 'todo',
  matches: (conversation) => promptHas(conversation, 'todo', 'todos'),
  reply: (conversation) => {
    const tool = pickTool(conversation, ['TodoWrite', 'TaskCreate']);
    if (!tool) return message(text('No todo tool (TodoWrite or TaskCreate) is available in this session.'));
    if (conversation.toolCalls.some((call) => call.name === tool)) return finish(conversation);
    const input = tool === 'TodoWrite' ? { todos: TODOS } : { subject: 'Fix the typo', description: 'Correct hello.txt', activeForm: 'Fixing the typo' };
    return callTool(conversation, "Here's the plan.", tool, input);
  },
};
