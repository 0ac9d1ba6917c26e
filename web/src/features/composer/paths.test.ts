import { describe, expect, it } from 'vitest';
import { joinPath, lastSegment, parentPath } from './paths';

describe('path helpers', () => {
  it('finds the parent directory and stops at the root', () => {
    expect(parentPath('/home/me/project')).toBe('/home/me');
    expect(parentPath('/home/')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });

  it('joins without doubling slashes', () => {
    expect(joinPath('/', 'tmp')).toBe('/tmp');
    expect(joinPath('/home/me', 'src')).toBe('/home/me/src');
  });

  it('takes the last segment', () => {
    expect(lastSegment('/home/me/project/')).toBe('project');
    expect(lastSegment('/')).toBe('');
  });
});
