import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, serializeError } from '../../core/logging/logger.ts';
import { REDACTED, redactLogObject } from '../../core/logging/logRedaction.ts';
import { runInRequestContext } from '../../core/logging/requestContext.ts';

describe('redactLogObject', () => {
  it.each([
    { name: 'a buffer becomes its size', input: { file: Buffer.alloc(12) }, output: { file: '[12 bytes]' } },
    { name: 'form fields are masked', input: { fields: { password: 'x' } }, output: { fields: REDACTED } },
    { name: 'nested values are masked', input: { a: { b: { full_name: 'X', pages: 2 } } }, output: { a: { b: { full_name: REDACTED, pages: 2 } } } },
    { name: 'keys are matched case-insensitively', input: { Authorization: 'Bearer k' }, output: { Authorization: REDACTED } },
    { name: 'arrays are walked', input: { list: [{ text: 'x', size: 1 }] }, output: { list: [{ text: REDACTED, size: 1 }] } },
    { name: 'ids, sizes, timings and codes pass', input: { key_id: 'k1', bytes: 5, duration_ms: 3, code: 'ok' }, output: { key_id: 'k1', bytes: 5, duration_ms: 3, code: 'ok' } },
  ])('$name', ({ input, output }) => {
    expect(redactLogObject(input)).toEqual(output);
  });
});

describe('createLogger', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { lines, logger: createLogger({ level: 'debug', destination }) };
  };

  it('stamps the request id from the async context on every line, child loggers included', () => {
    const { lines, logger } = capture();
    runInRequestContext({ requestId: 'req-7' }, () => {
      logger.info('one');
      logger.child({ plugin: 'label' }).debug({ pages: 1 }, 'two');
    });
    logger.info('outside');
    expect(lines.map((line) => line['request_id'])).toEqual(['req-7', 'req-7', undefined]);
  });

  it('masks personal keys in child bindings and log objects alike', () => {
    const { lines, logger } = capture();
    logger.child({ fields: { dob: '01011990' } }).info({ result: { surname: 'QUOKKA' }, buffer: Buffer.from('img') }, 'x');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('QUOKKA');
    expect(text).not.toContain('01011990');
    expect(text).not.toContain('img');
  });

  it('logs errors by type and stack frames, never their message', () => {
    const error = new Error('could not parse date 1990-01-01 of QUOKKA');
    const serialized = serializeError(error);
    expect(serialized['type']).toBe('Error');
    expect(JSON.stringify(serialized)).not.toContain('QUOKKA');
    expect(String(serialized['stack'])).toMatch(/^\s+at /);
  });
});
