import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONFIG_SECTIONS, ConfigUpdate, configUpdateSchema, defineSection, GeminiConfig, MASKED_SECRET_PREFIX, PublicConfig, publicConfigSchema,
  type SectionsOutput,
} from '@cui/contract';
import { mergeConfigUpdate } from './config-merge';
import { publicConfig, restoreMaskedSecrets } from './secrets';

/** The real sections, with one new field (a secret) added to one of them in one place. */
const SECTIONS = {
  ...CONFIG_SECTIONS,
  gemini: defineSection(GeminiConfig.extend({ projectKey: z.string().optional(), region: z.string().default('eu') }), {
    secrets: [['apiKey'], ['projectKey']],
  }),
};
const stored: SectionsOutput<typeof SECTIONS> = {
  ...publicConfigSchema(SECTIONS).parse({ interface: {}, router: {}, gemini: {}, terminal: {} }),
  gemini: { apiKey: 'AIzaGeminiKey-0001', projectKey: 'project-secret-7777', region: 'us' },
};

describe('config shapes derived from the sections', () => {
  it('a new secret field in one section appears masked in GET', () => {
    const shown = publicConfigSchema(SECTIONS).parse(publicConfig(SECTIONS, stored));
    expect(shown.gemini).toEqual({ apiKey: `${MASKED_SECRET_PREFIX}0001`, projectKey: `${MASKED_SECRET_PREFIX}7777`, region: 'us' });
    expect(JSON.stringify(shown)).not.toContain('project-secret-7777');
  });

  it('a new field is accepted by PUT, merged beside the others, and its mask sent back keeps the stored value', () => {
    const body = configUpdateSchema(SECTIONS).parse({ gemini: { region: 'ap', projectKey: `${MASKED_SECRET_PREFIX}7777` } });
    const next = mergeConfigUpdate(SECTIONS, stored, restoreMaskedSecrets(SECTIONS, body, stored));
    expect(next.gemini).toEqual({ apiKey: 'AIzaGeminiKey-0001', projectKey: 'project-secret-7777', region: 'ap' });
    expect(next.interface).toEqual(stored.interface);
  });

  it('the section defaults come from the schema', () => {
    expect(SECTIONS.gemini.defaults).toEqual({ region: 'eu' });
    expect(CONFIG_SECTIONS.interface.defaults).toEqual({ colorScheme: 'system', language: '', notifications: { enabled: false } });
  });

  it('PUT refuses unknown keys at any depth and values of the wrong type', () => {
    expect(ConfigUpdate.safeParse({ authToken: 'f'.repeat(32) }).success).toBe(false);
    expect(ConfigUpdate.safeParse({ interface: { theme: 'dark' } }).success).toBe(false);
    expect(ConfigUpdate.safeParse({ interface: { notifications: { sound: true } } }).success).toBe(false);
    expect(ConfigUpdate.safeParse({ router: { enabled: 'yes' } }).success).toBe(false);
  });

  it('PUT takes null for an optional field and turns an empty optional text into null, but not a defaulted one', () => {
    expect(ConfigUpdate.parse({ interface: { notifications: { ntfyUrl: '' } }, gemini: { model: null } })).toEqual({
      interface: { notifications: { ntfyUrl: null } },
      gemini: { model: null },
    });
    expect(ConfigUpdate.safeParse({ interface: { colorScheme: null } }).success).toBe(false);
    expect(ConfigUpdate.parse({ interface: { language: '' } })).toEqual({ interface: { language: '' } });
  });

  it('GET is exactly the sections', () => {
    expect(Object.keys(PublicConfig.parse({ interface: {}, router: {}, gemini: {}, terminal: {}, authToken: 'x' })).sort()).toEqual(['gemini', 'interface', 'router', 'terminal']);
  });
});
