import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readVersioned, saveFile, type SaveIo } from './save-file';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-save-'));
  file = path.join(dir, 'app.ts');
  fs.writeFileSync(file, 'const a = 1;\n', { mode: 0o755 });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Node's file operations, with the temp file's handle failing at `failAt` after it was written to. */
function failingIo(failAt: 'sync' | 'rename'): SaveIo {
  return {
    rm: fsp.rm,
    rename: failAt === 'rename' ? () => Promise.reject(Object.assign(new Error('EIO'), { code: 'EIO' })) : fsp.rename,
    open: (async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args);
      if (failAt === 'sync') handle.sync = () => Promise.reject(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
      return handle;
    }) as typeof fsp.open,
  };
}

describe('an atomic save', () => {
  it('keeps the mode and replaces the content whole', async () => {
    const opened = await readVersioned(file);
    const saved = await saveFile(file, 'const a = 2;\n', { expected: opened?.version });
    expect(fs.readFileSync(file, 'utf8')).toBe('const a = 2;\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
    expect(saved.sha256).toBe((await readVersioned(file))?.version.sha256);
    expect(fs.readdirSync(dir)).toEqual(['app.ts']);
  });

  for (const failAt of ['sync', 'rename'] as const) {
    it(`leaves the original whole and no temp file when the write fails at ${failAt}`, async () => {
      const opened = await readVersioned(file);
      await expect(saveFile(file, 'x'.repeat(100_000), { expected: opened?.version }, failingIo(failAt))).rejects.toMatchObject({ code: 'internal' });
      expect(fs.readFileSync(file, 'utf8')).toBe('const a = 1;\n');
      expect(fs.readdirSync(dir)).toEqual(['app.ts']);
    });
  }
});
