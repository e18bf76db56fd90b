import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { causes } from '../../db/schema';
import { tenantOf } from './tenant-scope';

// The rule of ADR 0020, held by one object: reads by id cross tenants for SUPER_ADMIN only; lists and
// writes never do. The API tests check it route by route; this pins the conditions themselves.
const dialect = new PgDialect();
const rendered = (condition: Parameters<PgDialect['sqlToQuery']>[0] | undefined) =>
  condition ? dialect.sqlToQuery(condition) : undefined;

describe('tenantOf', () => {
  const own = expect.objectContaining({ sql: '"causes"."ngo_id" = $1', params: ['ngo1'] });

  it.each(['NGO_ADMIN', 'STAFF', 'VIEWER', 'ADMIN'])('keeps a %s to their own NGO in every query', (role) => {
    const tenant = tenantOf({ ngoId: 'ngo1', role });
    expect(tenant.ngoId).toBe('ngo1');
    expect(rendered(tenant.readable(causes.ngoId))).toEqual(own);
    expect(rendered(tenant.ownedBy(causes.ngoId))).toEqual(own);
    expect(tenant.canRead('ngo1')).toBe(true);
    expect(tenant.canRead('ngo2')).toBe(false);
  });

  it('lets a SUPER_ADMIN read any NGO by id, but list and write only their own', () => {
    const tenant = tenantOf({ ngoId: 'ngo1', role: 'SUPER_ADMIN' });
    expect(tenant.readable(causes.ngoId)).toBeUndefined();
    expect(tenant.canRead('ngo2')).toBe(true);
    expect(rendered(tenant.ownedBy(causes.ngoId))).toEqual(own);
  });
});
