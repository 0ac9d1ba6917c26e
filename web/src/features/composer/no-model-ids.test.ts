import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 23 point 3: the model menu is the CLI's own list (GET /api/system/models); no model id is written in the web
 * app, so none can go stale (the menu offered retired Claude 3 ids). Test files and transcript fixtures may name models.
 * e2e/sign-in.spec.ts checks the built bundle for Claude 3 ids.
 */
const WEB = path.resolve(import.meta.dirname, '../..');
const ANY_MODEL_ID = new RegExp('claude-(3|opus|sonnet|haiku|fable)-[0-9]');

function files(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(keep);
}

const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !/[/\\](fixtures|test-fixtures)[/\\]/.test(file) && !file.endsWith('test-setup.ts');

describe('no hard-coded model ids in the web app', () => {
  it('the web source names no model id', () => {
    const offenders = files(WEB, isSource).filter((file) => ANY_MODEL_ID.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
