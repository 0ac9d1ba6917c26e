import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '@cui/contract';
import { fieldLabel, formFields } from './schema-form';
import { parseRawJson, readPart } from './form-values';
import { readRequest, routeForms } from './route-request';

describe('fieldLabel', () => {
  it('turns camelCase and dotted names into readable labels with acronyms upper-cased', () => {
    expect(fieldLabel('sessionId')).toBe('Session ID');
    expect(fieldLabel('streamingId')).toBe('Streaming ID');
    expect(fieldLabel('interface.colorScheme')).toBe('Interface color scheme');
    expect(fieldLabel('path')).toBe('Path');
  });
});

describe('formFields', () => {
  it('reads the start body: required fields, the permission-mode enum, optional strings', () => {
    const fields = formFields(routes.runs.start.body);
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(byName.get('workingDirectory')).toMatchObject({ kind: 'string', required: true });
    expect(byName.get('initialPrompt')).toMatchObject({ kind: 'string', required: true });
    expect(byName.get('model')).toMatchObject({ kind: 'string', required: false });
    expect(byName.get('permissionMode')?.kind).toBe('enum');
    expect(byName.get('permissionMode')?.options).toContain('plan');
  });

  it('collapses coerced query values to their output type', () => {
    const fields = formFields(routes.sessions.list.query, 'output');
    expect(fields.find((field) => field.name === 'offset')?.kind).toBe('number');
    expect(fields.find((field) => field.name === 'hasContinuation')?.kind).toBe('boolean');
  });

  it('flattens nested objects, unwraps nullable values and keeps records as JSON', () => {
    const schema = z.object({
      outer: z.object({ inner: z.string().nullable(), flag: z.boolean() }),
      extra: z.record(z.string(), z.unknown()),
      tags: z.array(z.string()).optional(),
    });
    expect(formFields(schema)).toEqual([
      { name: 'outer.inner', label: 'Outer inner', kind: 'string', required: true },
      { name: 'outer.flag', label: 'Outer flag', kind: 'boolean', required: true, options: ['true', 'false'] },
      { name: 'extra', label: 'Extra', kind: 'json', required: true },
      { name: 'tags', label: 'Tags', kind: 'json', required: false },
    ]);
  });

  it('gives no fields for a route part that does not exist', () => {
    expect(formFields(undefined)).toEqual([]);
  });
});

describe('readPart and readRequest', () => {
  const fields = formFields(z.object({ n: z.number(), on: z.boolean().optional(), o: z.object({ a: z.string() }).optional(), j: z.unknown().optional() }));

  it('leaves unset optional fields out and converts numbers, booleans and JSON', () => {
    expect(readPart(fields, { n: '3', on: 'false', 'o.a': 'x', j: '[1]' })).toEqual({ ok: true, value: { n: 3, on: false, o: { a: 'x' }, j: [1] } });
    expect(readPart(fields, { n: '3' })).toEqual({ ok: true, value: { n: 3 } });
  });

  it('names the first problem: a missing required field, a bad number, bad JSON', () => {
    expect(readPart(fields, {})).toEqual({ ok: false, error: 'N is required' });
    expect(readPart(fields, { n: 'x' })).toEqual({ ok: false, error: 'N must be a number' });
    expect(readPart(fields, { n: '1', j: '{' })).toEqual({ ok: false, error: 'J: Invalid JSON' });
  });

  it("says 'Session ID is required' for an update without a session id and sends only what was set", () => {
    const forms = routeForms(routes.sessions.update);
    expect(readRequest(forms, { 'body:pinned': 'true' })).toEqual({ ok: false, error: 'Session ID is required' });
    const id = '0f5b2a4e-1111-4222-8333-444455556666';
    expect(readRequest(forms, { 'params:sessionId': id, 'body:pinned': 'true' })).toEqual({
      ok: true,
      request: { params: { sessionId: id }, body: { pinned: true } },
    });
  });

  it("says 'Request ID is required' for a permission decision without an id (the schema's own title)", () => {
    expect(readRequest(routeForms(routes.permissions.decide), { 'body:action': 'approve' })).toEqual({ ok: false, error: 'Request ID is required' });
  });

  it("says 'Path is required' for a directory listing without a path", () => {
    expect(readRequest(routeForms(routes.filesystem.list), {})).toEqual({ ok: false, error: 'Path is required' });
  });

  it("reports 'Invalid JSON' for raw JSON that is not an object", () => {
    expect(parseRawJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseRawJson('{a')).toEqual({ ok: false, error: 'Invalid JSON' });
    expect(parseRawJson('[1]')).toEqual({ ok: false, error: 'Invalid JSON' });
  });
});
