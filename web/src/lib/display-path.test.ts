import { describe, expect, it } from 'vitest';
import { displayPath } from './display-path';
import { summarizeToolInput, truncate } from './tool-input-summary';

describe('displayPath', () => {
  it('shows a path under the working directory relative to it', () => {
    expect(displayPath('/home/ann/repo/src/a.ts', { cwd: '/home/ann/repo' })).toBe('src/a.ts');
  });

  it('shows a home path outside the working directory with a tilde', () => {
    expect(displayPath('/home/ann/notes/todo.md', { cwd: '/home/ann/repo', home: '/home/ann' })).toBe('~/notes/todo.md');
    expect(displayPath('/Users/bob/x.txt', { home: '/Users/bob' })).toBe('~/x.txt');
  });

  it("uses the user's real home directory, whatever it looks like, and only that one (issue 16.6)", () => {
    expect(displayPath('/srv/users/ann/notes.md', { cwd: '/tmp/repo', home: '/srv/users/ann' })).toBe('~/notes.md');
    expect(displayPath('/home/bob/x.txt', { cwd: '/tmp/repo', home: '/srv/users/ann' })).toBe('/home/bob/x.txt');
    expect(displayPath('/root/x.txt', { cwd: '/tmp/repo' })).toBe('/root/x.txt');
  });

  it('leaves other paths unchanged', () => {
    expect(displayPath('/etc/hosts', { cwd: '/tmp/repo' })).toBe('/etc/hosts');
  });
});

describe('summarizeToolInput', () => {
  it('truncates string values at 50 characters', () => {
    const command = 'x'.repeat(80);
    expect(summarizeToolInput('Bash', { command })).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('short')).toBe('short');
  });

  it('shows file paths relative to the working directory', () => {
    expect(summarizeToolInput('Read', { file_path: '/tmp/repo/hello.txt' }, { cwd: '/tmp/repo' })).toBe('hello.txt');
  });

  it('shows a search pattern with its directory', () => {
    expect(summarizeToolInput('Grep', { pattern: 'TODO', path: '/tmp/repo/src' }, { cwd: '/tmp/repo' })).toBe('TODO in src');
  });

  it('counts todos', () => {
    expect(summarizeToolInput('TodoWrite', { todos: [{}, {}] })).toBe('2 todos');
  });
});
