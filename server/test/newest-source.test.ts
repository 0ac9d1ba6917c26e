import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newestSourceTime } from '../../scripts/newest-source.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-newest-source-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Writes a file dated `seconds` after a fixed time. */
function file(relative: string, seconds: number): void {
  const full = path.join(root, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  fs.utimesSync(full, 1_700_000_000 + seconds, 1_700_000_000 + seconds);
}
const at = (seconds: number): number => (1_700_000_000 + seconds) * 1000;

describe("npm start's staleness check (scripts/newest-source.mjs)", () => {
  file('src/a.ts', 10);
  file('src/deep/b.tsx', 20);
  file('src/deep/b.test.tsx', 90);
  file('src/c.test.ts', 91);
  file('src/node_modules/dep/index.js', 92);
  file('src/dist/out.js', 93);
  file('elsewhere/d.ts', 30);
  file('package.json', 5);
  fs.symlinkSync(path.join(root, 'elsewhere'), path.join(root, 'src', 'linked'));

  it('takes the newest file under a directory, tests, node_modules and dist left out, links followed', () => {
    expect(newestSourceTime(root)(['src'])).toBe(at(30));
    fs.rmSync(path.join(root, 'src', 'linked'));
    expect(newestSourceTime(root)(['src'])).toBe(at(20));
  });

  it('reads a single file, and counts a missing path as nothing', () => {
    const newest = newestSourceTime(root);
    expect(newest(['package.json'])).toBe(at(5));
    expect(newest(['package.json', 'missing.json', 'src'])).toBe(at(20));
    expect(newest(['missing.json'])).toBe(0);
  });
});
