/**
 * Every migration, in order. Listed by hand rather than found on disk so the same import graph works under tsx,
 * vitest and any bundler; test/db/migrations.test.ts fails when a file in this folder is missing here.
 */
import type { Migration } from 'kysely';
import * as events from './2026-11-22T0800_events.ts';
import * as projections from './2026-11-22T0810_projections.ts';
import * as creditHolds from './2026-11-22T2200_credit_holds.ts';
import * as projectionPositions from './2026-11-23T2130_projection_positions.ts';
import * as eventSchemaVersionKeyId from './2026-11-23T2200_event_schema_version_key_id.ts';

export const migrations: Readonly<Record<string, Migration>> = {
  '2026-11-22T0800_events': events,
  '2026-11-22T0810_projections': projections,
  '2026-11-22T2200_credit_holds': creditHolds,
  '2026-11-23T2130_projection_positions': projectionPositions,
  '2026-11-23T2200_event_schema_version_key_id': eventSchemaVersionKeyId,
};
