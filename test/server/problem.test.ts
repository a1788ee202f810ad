import { describe, expect, it } from 'vitest';
import { ProblemError, problemTypeUri } from '../../core/errors.ts';
import { PluginHookError } from '../../core/extraction/pluginHookError.ts';
import { bearerSecret } from '../../server/middleware/authenticate.ts';
import { toProblem } from '../../server/problem.ts';
import { formFields, uploadProblem } from '../../server/routes/documents.ts';

describe('toProblem', () => {
  it('keeps detail and extensions below 500', () => {
    const reply = toProblem(
      new ProblemError('insufficient_credits', 'costs 2, has 1', { extensions: { required: 2, available: 1, code: 'x' }, headers: { A: 'b' } }),
      'req-1',
    );
    expect(reply).toEqual({
      status: 402,
      headers: { A: 'b' },
      body: {
        type: problemTypeUri('insufficient_credits'),
        title: 'Not enough credits for this request',
        status: 402,
        detail: 'costs 2, has 1',
        code: 'insufficient_credits',
        instance: 'req-1',
        required: 2,
        available: 1,
      },
    });
  });

  it.each([
    { name: 'a plugin bug', error: new PluginHookError('pan', 'read', new Error('secret text')) },
    { name: 'an unknown error', error: new Error('database password in message') },
    { name: 'a 5xx ProblemError', error: new ProblemError('request_timeout', 'took 61000 ms', { extensions: { x: 1 } }) },
  ])('hides detail and extensions for $name', ({ error }) => {
    const reply = toProblem(error, 'req-2');
    expect(reply.status).toBeGreaterThanOrEqual(500);
    expect(reply.body.detail).toBeUndefined();
    expect(Object.keys(reply.body).sort()).toEqual(['code', 'instance', 'status', 'title', 'type']);
  });

  it('maps an exposed client error from Koa by status', () => {
    const error = Object.assign(new Error('Not Found'), { status: 404, expose: true });
    expect(toProblem(error, 'r').body.code).toBe('not_found');
  });
});

describe('uploadProblem', () => {
  it.each([
    { code: 'LIMIT_FILE_SIZE', problem: 'file_too_large' },
    { code: 'LIMIT_FILE_COUNT', problem: 'unexpected_file' },
    { code: 'LIMIT_FIELD_COUNT', problem: 'invalid_request' },
    { code: 'LIMIT_PART_COUNT', problem: 'invalid_request' },
    { code: undefined, problem: 'invalid_request' },
  ])('$code -> $problem', ({ code, problem }) => {
    expect(uploadProblem(Object.assign(new Error('x'), { code }), 100)?.code).toBe(problem);
  });
});

describe('formFields', () => {
  it('keeps single text fields and refuses repeated ones', () => {
    expect(formFields({ password: 'p' })).toEqual({ password: 'p' });
    expect(() => formFields({ password: ['a', 'b'] })).toThrow(ProblemError);
  });
});

describe('bearerSecret', () => {
  it.each([
    { header: 'Bearer dx_abc', secret: 'dx_abc' },
    { header: 'bearer   dx_abc  ', secret: 'dx_abc' },
    { header: 'Basic dXNlcjpwYXNz', secret: null },
    { header: 'Bearer', secret: null },
    { header: undefined, secret: null },
  ])('$header -> $secret', ({ header, secret }) => {
    expect(bearerSecret(header)).toBe(secret);
  });
});
