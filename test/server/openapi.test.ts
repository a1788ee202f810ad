/**
 * The OpenAPI document: valid OpenAPI 3.1, generated from the zod schemas the routes validate with, and the
 * committed TypeScript client (clients/ts) generated from exactly this document and usable against the service.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDocexClient, DocexProblem, type PassportParts } from '../../clients/ts/index.ts';
import { createLedger } from '../../core/credits/ledger.ts';
import type { Ledger } from '../../core/credits/types.ts';
import { ProblemError } from '../../core/errors.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { clientDir, generatedClientFiles, openApiDocument } from '../../scripts/generate-client.ts';
import { toProblem } from '../../server/problem.ts';
import { auditRequestSchema } from '../../server/routes/audit.ts';
import { problemBodySchema, usageBodySchema } from '../../server/schemas.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';
import { buildTestApp } from './appHarness.ts';

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const document = await openApiDocument();
    expect(document['openapi']).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
  });

  it('takes its schemas from zod: problem, usage and the audit query parameters', async () => {
    const document = (await openApiDocument()) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, { get?: { parameters?: { name: string; schema: unknown }[] } }>;
    };
    const { $schema: _p, ...problem } = z.toJSONSchema(problemBodySchema, { io: 'output' });
    expect(document.components.schemas['Problem']).toEqual(problem);
    const { $schema: _u, ...usage } = z.toJSONSchema(usageBodySchema, { io: 'output' });
    expect(document.components.schemas['Usage']).toEqual(usage);
    const query = z.toJSONSchema(auditRequestSchema.shape.query, { io: 'output' }) as { properties: Record<string, unknown> };
    const parameters = document.paths['/v1/audit/events']?.get?.parameters ?? [];
    expect(parameters.map((p) => p.name).sort()).toEqual(Object.keys(query.properties).sort());
    for (const parameter of parameters) expect(parameter.schema, parameter.name).toEqual(query.properties[parameter.name]);
  });

  it('describes every problem the service answers', () => {
    const insufficient = new ProblemError('insufficient_credits', 'costs 2', { extensions: { required: 2, available: 1 } });
    for (const error of [insufficient, new ProblemError('unreadable_document', 'x', { extensions: { hint: 'blurred' } }), new Error('boom')]) {
      expect(problemBodySchema.safeParse(toProblem(error, 'req-1').body).success).toBe(true);
    }
  });
});

describe('clients/ts', () => {
  it('is what npm run client:generate writes from this document', async () => {
    const files = await generatedClientFiles();
    for (const [name, contents] of Object.entries(files)) {
      const committed = readFileSync(path.join(clientDir, name), 'utf8');
      expect(committed === contents, `clients/ts/${name} is stale: run npm run client:generate and commit it`).toBe(true);
    }
  });

  describe('against the service', () => {
    let database: TestDatabase;
    let ledger: Ledger;
    let server: Server;
    let baseUrl: string;
    beforeAll(async () => {
      database = await testDialects.find((dialect) => dialect.name === 'sqlite')!.create();
      ledger = createLedger(database.handle);
      // These calls never reach OCR: the uploads are refused before any reading.
      const ocr: OcrPort = { recognize: () => Promise.reject(new Error('OCR must not run in this test')) };
      const { app } = await buildTestApp({ ledger, ocr });
      server = createServer(app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await ledger?.close();
      await database?.drop();
    });

    it('reads usage and audit events, and throws a refusal as a DocexProblem', async () => {
      const { key } = await ledger.createKey({ name: 'client', credits: 3, scopes: ['extract', 'audit'] });
      const docex = createDocexClient({ baseUrl, apiKey: key });
      const parts: PassportParts = { first_page: new Blob([Buffer.from('not an image')]) };
      const refusal = await docex.passport(parts).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DocexProblem);
      expect((refusal as DocexProblem).problem.code).toBe('unsupported_media_type');
      const usage = await docex.usage();
      expect(usage).toMatchObject({ credits_remaining: 3, credits_used: 0 });
      const page = await docex.auditEvents({ limit: 5, type: ['KeyCreated', 'ExtractionFailed'] });
      expect(page.events.length).toBeGreaterThanOrEqual(1);
      expect(page.events.every((event) => ['KeyCreated', 'ExtractionFailed'].includes(event.type))).toBe(true);
    });
  });
});
