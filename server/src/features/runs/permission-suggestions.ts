import type { PermissionUpdate } from '@anthropic-ai/claude-agent-sdk';
import { PermissionRuleDestination, type PermissionSuggestion } from '@cui/contract';

/**
 * The CLI's "don't ask again" suggestions of a `canUseTool` call, worded as the CLI words its own choices
 * ("Yes, and don't ask again for `npm test` commands in this project") with where the rule is written.
 */

const WHERE: Record<PermissionRuleDestination, string> = {
  session: 'during this session',
  localSettings: 'in this project',
  projectSettings: 'in this project (shared with everyone)',
  userSettings: 'in all your projects',
  cliArg: 'for this run',
};

const DESTINATION_LABEL: Record<PermissionRuleDestination, string> = {
  session: 'This session only (not saved)',
  localSettings: "This project's local settings (.claude/settings.local.json)",
  projectSettings: "This project's shared settings (.claude/settings.json)",
  userSettings: 'Your user settings (~/.claude/settings.json)',
  cliArg: 'This run only (not saved)',
};

interface Rule {
  toolName: string;
  ruleContent?: string;
}

/** `Bash(npm test *)` as the CLI says it: `npm test`; another tool's rule as `Tool(content)`, a tool with no content by its name. */
function ruleText(rule: Rule): string {
  if (!rule.ruleContent) return rule.toolName;
  // A prefix rule (`npm test *`, or the older `npm test:*`) is said by its prefix, as the CLI's own prompt does.
  const content = rule.ruleContent.replace(/(?: \*|:\*)$/, '');
  return rule.toolName === 'Bash' ? content : `${rule.toolName}(${content})`;
}

function rulesLabel(rules: Rule[]): string {
  const texts = rules.map((rule) => `\`${ruleText(rule)}\``);
  return texts.join(' and ');
}

function label(update: PermissionUpdate, where: string): string | undefined {
  switch (update.type) {
    case 'addRules':
      if (update.behavior !== 'allow' || update.rules.length === 0) return undefined;
      return `Yes, and don't ask again for ${rulesLabel(update.rules)} ${where}`;
    case 'setMode':
      if (update.mode === 'acceptEdits') return `Yes, allow all edits ${where}`;
      return `Yes, and switch to ${update.mode} mode ${where}`;
    case 'addDirectories':
      return `Yes, and always allow access to ${update.directories.map((dir) => `\`${dir}\``).join(' and ')} ${where}`;
    default:
      return undefined;
  }
}

/** The suggestions the console can offer, each with its wording; anything else the CLI sends (removals, replacements) is left out. */
export function describeSuggestions(updates: readonly PermissionUpdate[] | undefined): PermissionSuggestion[] {
  const described: PermissionSuggestion[] = [];
  for (const update of updates ?? []) {
    const destination = PermissionRuleDestination.safeParse(update.destination);
    if (!destination.success) continue;
    const text = label(update, WHERE[destination.data]);
    if (text) described.push({ label: text, destination: destination.data, destinationLabel: DESTINATION_LABEL[destination.data], update });
  }
  return described;
}
