/** The shared field-geometry shape: what plugins may put in `geometry`, and that it reaches OpenAPI and the wire. */
import { describe, expect, it } from 'vitest';
import { boxPolygon, geometrySchema, locatedFieldCount } from '../../core/extraction/geometry.ts';
import { buildOpenApi } from '../../server/openapi.ts';
import { shippedPlugins } from '../../server/productionRegistry.ts';
import { passportResultSchema } from '../../plugins/passport/result.ts';

describe('geometrySchema', () => {
  it('takes a polygon per field or null', () => {
    const geometry = { passport_number: { page: 0, polygon: boxPolygon({ left: 10.4, top: 20, width: 100, height: 30.6 }) }, issue_date: null };
    expect(geometrySchema.parse(geometry)).toEqual({
      passport_number: { page: 0, polygon: [[10, 20], [110, 20], [110, 51], [10, 51]] },
      issue_date: null,
    });
    expect(locatedFieldCount(geometry)).toBe(1);
    expect(locatedFieldCount(undefined)).toBe(0);
  });

  it('refuses a negative page, a two-point polygon and a point that is not a pair', () => {
    expect(geometrySchema.safeParse({ a: { page: -1, polygon: [[0, 0], [1, 0], [1, 1]] } }).success).toBe(false);
    expect(geometrySchema.safeParse({ a: { page: 0, polygon: [[0, 0], [1, 1]] } }).success).toBe(false);
    expect(geometrySchema.safeParse({ a: { page: 0, polygon: [[0, 0, 1], [1, 0], [1, 1]] } }).success).toBe(false);
  });

  it('is kept by the passport result schema (zod strips unknown keys) and stays optional', () => {
    const shape = passportResultSchema.shape;
    expect(shape.geometry.safeParse(undefined).success).toBe(true);
    expect(shape.geometry.parse({ mrz: { page: 0, polygon: [[0, 0], [5, 0], [5, 5]] } })).toHaveProperty('mrz.page', 0);
  });

  it('is a component of the OpenAPI document', async () => {
    const document = buildOpenApi(await shippedPlugins(), { version: 'test' }) as {
      components: { schemas: Record<string, { type?: string; properties?: Record<string, unknown> }> };
    };
    expect(document.components.schemas['Geometry']?.type).toBe('object');
    expect(document.components.schemas['PassportResult']?.properties?.['geometry']).toBeDefined();
  });
});
