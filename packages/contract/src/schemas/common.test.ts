import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  epochMsSchema,
  idSchema,
  INT32_MAX,
  pageQuerySchema,
  queryIdSchema,
  versionSchema,
} from './common.ts';

describe('numbers in a JSON body', () => {
  it('take a JSON integer within PostgreSQL integer, nothing coerced', () => {
    for (const schema of [idSchema, versionSchema]) {
      expect(schema.parse(1)).toBe(1);
      expect(schema.parse(INT32_MAX)).toBe(INT32_MAX);
      for (const bad of [true, [1], '1', '0x10', '', null, 0, -1, 1.5, INT32_MAX + 1, 2 ** 53])
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('say so in the OpenAPI document: an integer with both bounds', () => {
    expect(z.toJSONSchema(idSchema)).toMatchObject({ type: 'integer', minimum: 1, maximum: INT32_MAX });
    expect(z.toJSONSchema(queryIdSchema, { io: 'input' })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INT32_MAX,
    });
  });

  it('a time in milliseconds stays a date', () => {
    expect(epochMsSchema.parse(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 1));
    expect(epochMsSchema.safeParse(9e15).success).toBe(false);
  });
});

describe('numbers in a query string', () => {
  it('read decimal digits only', () => {
    expect(queryIdSchema.parse('12')).toBe(12);
    for (const bad of ['0x10', '', ' 1', '1e3', '1.5', 'true', '-1', '0', String(INT32_MAX + 1), ['1', '1']])
      expect(queryIdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(pageQuerySchema.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageQuerySchema.parse({ pageNum: '3', pageSize: '20' })).toEqual({ pageNum: 3, pageSize: 20 });
    expect(pageQuerySchema.safeParse({ pageNum: '0x3' }).success).toBe(false);
  });
});
