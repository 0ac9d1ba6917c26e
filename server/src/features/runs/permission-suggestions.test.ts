import { describe, expect, it } from 'vitest';
import { describeSuggestions } from './permission-suggestions';

describe('the CLI\'s "don\'t ask again" suggestions', () => {
  it('words each as the CLI does, with where it is written', () => {
    const described = describeSuggestions([
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }, { toolName: 'Bash', ruleContent: 'git status' }], behavior: 'allow', destination: 'userSettings' },
      { type: 'addRules', rules: [{ toolName: 'WebFetch', ruleContent: 'domain:example.com' }], behavior: 'allow', destination: 'projectSettings' },
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
      { type: 'addDirectories', directories: ['/srv/data'], destination: 'session' },
    ]);
    expect(described.map((s) => s.label)).toEqual([
      "Yes, and don't ask again for `npm test` and `git status` in all your projects",
      "Yes, and don't ask again for `WebFetch(domain:example.com)` in this project (shared with everyone)",
      'Yes, allow all edits during this session',
      'Yes, and always allow access to `/srv/data` during this session',
    ]);
    expect(described.map((s) => s.destinationLabel)).toEqual([
      'Your user settings (~/.claude/settings.json)',
      "This project's shared settings (.claude/settings.json)",
      'This session only (not saved)',
      'This session only (not saved)',
    ]);
  });

  it('leaves out what is no "allow" (removals, deny rules) and unknown destinations', () => {
    expect(
      describeSuggestions([
        { type: 'removeRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' },
        { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'deny', destination: 'session' },
        { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'elsewhere' as 'session' },
      ]),
    ).toEqual([]);
    expect(describeSuggestions(undefined)).toEqual([]);
  });
});
