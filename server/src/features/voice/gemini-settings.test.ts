import { describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_MODEL } from '@cui/contract';
import { resolveGeminiSettings } from './gemini-settings';

describe('resolveGeminiSettings', () => {
  it('takes the key from the config first, then GOOGLE_API_KEY, then GEMINI_API_KEY', () => {
    const env = { GOOGLE_API_KEY: 'google-key', GEMINI_API_KEY: 'gemini-key' };
    expect(resolveGeminiSettings({ apiKey: 'config-key' }, env).apiKey).toBe('config-key');
    expect(resolveGeminiSettings({}, env).apiKey).toBe('google-key');
    expect(resolveGeminiSettings({ apiKey: ' ' }, { GEMINI_API_KEY: 'gemini-key' }).apiKey).toBe('gemini-key');
    expect(resolveGeminiSettings({}, {}).apiKey).toBeUndefined();
  });

  it('defaults the model and takes the base URL from the config, then GOOGLE_GEMINI_BASE_URL', () => {
    expect(resolveGeminiSettings({}, {})).toEqual({ model: DEFAULT_GEMINI_MODEL });
    expect(resolveGeminiSettings({ model: 'gemini-x' }, { GOOGLE_GEMINI_BASE_URL: 'http://env' })).toEqual({ model: 'gemini-x', baseUrl: 'http://env' });
    expect(resolveGeminiSettings({ baseUrl: 'http://config' }, { GOOGLE_GEMINI_BASE_URL: 'http://env' }).baseUrl).toBe('http://config');
  });
});
