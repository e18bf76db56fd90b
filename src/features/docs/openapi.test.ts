import { describe, expect, it } from 'vitest';
import { openApiFixture } from './openapi.fixture';
import { groupOperations, isOpenApiDocument } from './openapi';

describe('groupOperations', () => {
  const groups = groupOperations(openApiFixture);
  const find = (method: string, path: string) =>
    groups.flatMap((g) => g.operations).find((o) => o.method === method && o.path === path)!;

  it('groups operations by tag, in the order they first appear', () => {
    expect(groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['System', ['GET /api/health']],
      ['Auth', ['POST /api/auth/signin']],
      ['Organisations', ['GET /api/ngos/{ngoId}/members', 'POST /api/ngos/{ngoId}/members']],
    ]);
  });

  it('says which operations need a bearer token', () => {
    expect(find('GET', '/api/health').requiresBearer).toBe(false);
    expect(find('POST', '/api/auth/signin').requiresBearer).toBe(false);
    expect(find('GET', '/api/ngos/{ngoId}/members').requiresBearer).toBe(true);
  });

  it('describes body fields with their types, requirement and constraints', () => {
    const signin = find('POST', '/api/auth/signin');
    expect(signin.body).toEqual({
      required: true,
      contentType: 'application/json',
      fields: [
        {
          name: 'email',
          type: 'string',
          required: true,
          constraints: ['format: email', '1 to 254 characters'],
          description: undefined,
        },
        {
          name: 'password',
          type: 'string',
          required: true,
          constraints: ['1 to 128 characters'],
          description: undefined,
        },
        {
          name: 'remember',
          type: 'boolean or null',
          required: false,
          constraints: ['default: false'],
          description: undefined,
        },
      ],
    });
    expect(signin.responses).toEqual([
      { status: '200', description: 'Signed in' },
      { status: '400', description: 'Invalid input' },
      { status: '401', description: 'Wrong email or password' },
    ]);
  });

  it('resolves $refs and flattens arrays of objects', () => {
    const add = find('POST', '/api/ngos/{ngoId}/members');
    expect(add.body?.required).toBe(false);
    expect(add.body?.fields.map((f) => [f.name, f.type, f.required, f.constraints])).toEqual([
      ['members', 'array of Member', true, ['at most 50 items']],
      ['members[].id', 'string', true, []],
      ['members[].role', 'string', false, ['one of: STAFF, VIEWER']],
    ]);
  });

  it('lists path and query parameters', () => {
    const list = find('GET', '/api/ngos/{ngoId}/members');
    expect(list.parameters.map((p) => [p.name, p.location, p.type, p.required, p.constraints])).toEqual([
      ['ngoId', 'path', 'string', true, ['matches ^[0-9a-z]{26}$']],
      ['page', 'query', 'integer', false, ['minimum 1', 'default: 1']],
    ]);
  });
});

describe('isOpenApiDocument', () => {
  it('refuses what is not an OpenAPI document', () => {
    expect(isOpenApiDocument(openApiFixture)).toBe(true);
    expect(isOpenApiDocument('<!doctype html>')).toBe(false);
    expect(isOpenApiDocument({ message: 'Not found.', code: 'not_found' })).toBe(false);
  });
});
