import { describe, expect, it } from 'vitest';

/*
 * Issue 23 point 3: the model menu is the CLI's own list (GET /api/system/models); no model id is written in the web
 * app, so none can go stale (the menu offered retired Claude 3 ids). Test files and transcript fixtures may name models.
 * e2e/sign-in.spec.ts checks the built bundle for Claude 3 ids.
 */
const SOURCES = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/fixtures/**', '!../../test-fixtures/**', '!../../test-setup.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const ANY_MODEL_ID = new RegExp('claude-3-|claude-(opus|sonnet|haiku|fable)-[0-9]');

describe('no hard-coded model ids in the web app', () => {
  it('the web source names no model id', () => {
    const files = Object.keys(SOURCES);
    // The glob reaches the whole app: the composer's model menu and the app shell among them.
    expect(files.filter((file) => /(ModelSelector|models|App)\.tsx?$/.test(file)).map((file) => file.split('/').pop())).toEqual(expect.arrayContaining(['ModelSelector.tsx', 'models.ts', 'App.tsx']));
    expect(['claude' + '-3-opus-20240229', 'claude' + '-sonnet-5-5'].every((id) => ANY_MODEL_ID.test(id))).toBe(true);
    expect(files.filter((file) => ANY_MODEL_ID.test(SOURCES[file] ?? ''))).toEqual([]);
  });
});
