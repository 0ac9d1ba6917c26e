import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it.each([
    ['/r/src/app.ts', 'typescript'],
    ['/r/src/App.tsx', 'tsx'],
    ['main.py', 'python'],
    ['/r/Dockerfile', 'docker'],
    ['/r/Makefile', 'makefile'],
    ['/r/config.YML', 'yaml'],
    ['/r/notes.unknownext', 'plaintext'],
    ['/r/LICENSE', 'plaintext'],
    [undefined, 'plaintext'],
  ])('detects %s as %s', (path, language) => {
    expect(detectLanguage(path)).toBe(language);
  });
});
