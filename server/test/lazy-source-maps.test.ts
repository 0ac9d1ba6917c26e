import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { trimSourceMap } from '../../scripts/trim-source-map.mjs';
import { bundleThrowingDependency } from './throwing-bundle';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const LAZY = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/lazy-source-maps.mjs')).href;

/**
 * A build directory the way scripts/build.mjs makes the server's (a bundle, its trimmed map, a dependency inlined), and a
 * launcher beside it that installs the lazy mapping before importing the bundle, as scripts/start.mjs does.
 */
async function build(): Promise<{ dir: string; launcher: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-lazy-map-'));
  dirs.push(dir);
  await bundleThrowingDependency(dir, path.join(dir, 'dist/out.mjs'));
  trimSourceMap(path.join(dir, 'dist/out.mjs.map'));
  const launcher = path.join(dir, 'launch.mjs');
  fs.writeFileSync(launcher, `import { mapStackTracesLazily } from ${JSON.stringify(LAZY)};\nmapStackTracesLazily(${JSON.stringify(path.join(dir, 'dist'))});\nawait import('./dist/out.mjs');\n`);
  return { dir, launcher };
}

const frames = (stack: string): string[] => stack.split('\n').filter((line) => line.trim().startsWith('at '));

it("maps the bundle's frames to our sources through the bundle's map", async () => {
  const { dir, launcher } = await build();
  const stack = execFileSync(process.execPath, [launcher], { encoding: 'utf8' });
  expect(stack.split('\n')[0]).toBe('Error: from the dependency');
  // Our frame shows the TypeScript source, as Node's own source maps show it; the dependency's keeps the bundle's line.
  expect(frames(stack)[0]).toMatch(/at fail\d* \(file:.*\/dist\/out\.mjs:\d+:\d+\)/);
  expect(frames(stack)[1]).toBe(`    at ours (${path.join(dir, 'own.ts')}:4:3)`);
  expect(frames(stack)[2]).toMatch(new RegExp(`at ${path.join(dir, 'own.ts').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:8:3$`));
});

it('keeps the bundle position when the map is missing or unreadable', async () => {
  const { launcher, dir } = await build();
  fs.writeFileSync(path.join(dir, 'dist/out.mjs.map'), '{ not json');
  const stack = execFileSync(process.execPath, [launcher], { encoding: 'utf8' });
  expect(frames(stack)[1]).toMatch(/at ours \(file:.*\/dist\/out\.mjs:\d+:\d+\)/);
});
