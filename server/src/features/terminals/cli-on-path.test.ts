import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withCliOnPath } from './cli-on-path';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(): { cli: string; other: string; bin: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-cli-path-'));
  dirs.push(dir);
  for (const name of ['claude-2.1', 'other-cli']) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
  return { cli: path.join(dir, 'claude-2.1'), other: path.join(dir, 'other-cli'), bin: path.join(dir, 'cui-home', 'bin') };
}

describe("the console's CLI in a terminal's PATH", () => {
  it('links it as claude in its own folder, added after what PATH already names', () => {
    const { cli, bin } = scratch();
    const env = withCliOnPath({ PATH: '/usr/local/bin:/usr/bin', HOME: '/h' }, cli, bin);
    expect(env).toEqual({ PATH: `/usr/local/bin:/usr/bin:${bin}`, HOME: '/h' });
    expect(fs.readlinkSync(path.join(bin, 'claude'))).toBe(cli);
    expect(fs.statSync(bin).mode & 0o777).toBe(0o700);
  });

  it('adds the folder once, and points the link at another CLI when the configured one changes', () => {
    const { cli, other, bin } = scratch();
    const once = withCliOnPath({ PATH: '/usr/bin' }, cli, bin);
    expect(withCliOnPath(once, cli, bin)).toEqual(once);
    expect(withCliOnPath({}, other, bin)).toEqual({ PATH: bin });
    expect(fs.readlinkSync(path.join(bin, 'claude'))).toBe(other);
    expect(fs.readdirSync(bin)).toEqual(['claude']);
  });

  it('leaves the environment as it was when the link cannot be made', () => {
    const { cli, bin } = scratch();
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    fs.writeFileSync(bin, 'a file where the folder should be');
    const env = { PATH: '/usr/bin' };
    expect(withCliOnPath(env, cli, bin)).toBe(env);
  });
});
