/**
 * The members every document result carries beside its own fields, typed once: how sure each field is
 * (`confidence`), what was checked (`checks`), what was changed from the reading (`repairs`), what the caller should
 * know (`warnings`), and where each field was read (`geometry`). Each plugin describes its own members in its zod
 * schema (the OpenAPI document is generated from them); `withResultEnvelope` makes the compiler hold each schema's
 * output to this shape, and the contract suite checks that every registered plugin's schema lists the members.
 */
import type { z } from 'zod';
import type { Geometry } from './geometry.ts';

/** One repair of what was read: the field, the 1-based character position when it is one character, and why. */
export interface EnvelopeRepair {
  readonly field: string;
  readonly position: number | null;
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

/**
 * A warning: a stable machine code with words (passport, ID card), or the words alone (PAN, whose response predates
 * the codes). Never personal data.
 */
export type EnvelopeWarning = string | { readonly code: string; readonly message: string };

export interface ResultEnvelope {
  /** Per field, 0..1. */
  readonly confidence: Readonly<Record<string, number>>;
  /** Verdicts of the checks the document allows: check digits, formats, the printed page against the MRZ. */
  readonly checks: object;
  /** Every repair made to what was read; empty when nothing was. */
  readonly repairs: readonly EnvelopeRepair[];
  readonly warnings: readonly EnvelopeWarning[];
  /** Where each field was read (geometry.ts); a result may leave it out. */
  readonly geometry?: Geometry;
}

/** The envelope's members, in the order results list them. */
export const resultEnvelopeMembers = ['confidence', 'checks', 'repairs', 'warnings', 'geometry'] as const satisfies readonly (keyof ResultEnvelope)[];

/** Identity at run time: a result schema whose output the compiler holds to the envelope. */
export function withResultEnvelope<Schema extends z.ZodType<ResultEnvelope>>(schema: Schema): Schema {
  return schema;
}
