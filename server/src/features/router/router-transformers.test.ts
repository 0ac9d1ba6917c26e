import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTER_TRANSFORMERS } from '@cui/contract';
import { describe, expect, it } from 'vitest';

describe('ROUTER_TRANSFORMERS (the provider form offers them)', () => {
  it('are names the installed @musistudio/llms registers', () => {
    const bundle = fs.readFileSync(createRequire(import.meta.url).resolve('@musistudio/llms'), 'utf8');
    const registered = new Set([...bundle.matchAll(/(?:TransformerName|\bname)="([A-Za-z-]+)"/g)].map((match) => match[1]));
    expect(registered.size).toBeGreaterThan(10);
    for (const name of ROUTER_TRANSFORMERS) expect(registered, name).toContain(name);
  });
});
