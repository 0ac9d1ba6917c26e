import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { trimSourceMap } from '../../scripts/trim-source-map.mjs';
import { bundleThrowingDependency } from './throwing-bundle';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Bundles a file of ours that calls into a dependency which throws, the way scripts/build.mjs bundles the server. */
async function bundle(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-trim-map-'));
  dirs.push(dir);
  await bundleThrowingDependency(dir, path.join(dir, 'out.mjs'));
  return dir;
}

it("drops a dependency's mappings: our frames point at our source, the dependency's at the bundle, never at another file", async () => {
  const dir = await bundle();
  const map = path.join(dir, 'out.mjs.map');
  const before = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
  expect(before.sources.some((s) => s.includes('node_modules/dep'))).toBe(true);

  expect(trimSourceMap(map)).toBeGreaterThan(0);

  const after = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
  expect(after.sources).toEqual(['own.ts']);
  const stack = execFileSync(process.execPath, ['--enable-source-maps', path.join(dir, 'out.mjs')], { encoding: 'utf8' });
  const frames = stack.split('\n').filter((line) => line.trim().startsWith('at '));
  expect(frames[0]).toMatch(/at fail\d* \(.*out\.mjs:\d+:\d+\)/);
  expect(frames[1]).toMatch(/at ours \(.*own\.ts:4:3\)/);
});
