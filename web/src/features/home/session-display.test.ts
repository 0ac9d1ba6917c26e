import { describe, expect, it } from 'vitest';
import { projectShortName, sessionTitle } from './session-display';
import { makeRow } from './test-rows';

describe('sessionTitle', () => {
  it('prefers the custom name', () => {
    const row = makeRow('a', { summary: 'Fix login', sessionInfo: { ...makeRow('a').sessionInfo, custom_name: 'Auth work' } });
    expect(sessionTitle(row)).toBe('Auth work');
  });

  it('falls back to the summary, then to New conversation', () => {
    expect(sessionTitle(makeRow('a', { summary: 'Fix login' }))).toBe('Fix login');
    expect(sessionTitle(makeRow('a', { summary: '' }))).toBe('New conversation');
    expect(sessionTitle(makeRow('a', { summary: '  ', sessionInfo: { ...makeRow('a').sessionInfo, custom_name: ' ' } }))).toBe('New conversation');
  });
});

describe('projectShortName', () => {
  it('takes the last path segment, or No project', () => {
    expect(projectShortName('/home/me/web-app')).toBe('web-app');
    expect(projectShortName('/home/me/web-app/')).toBe('web-app');
    expect(projectShortName('')).toBe('No project');
  });
});
