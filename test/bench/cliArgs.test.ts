import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../bench/cliArgs.ts';

const defaults = { split: 'dev', concurrency: [1] };

describe('parseBenchArgs', () => {
  it.each<[string[], Partial<ReturnType<typeof parseBenchArgs>>]>([
    [['pan'], { set: 'pan', split: 'dev', limit: null, json: null, concurrency: [1], workers: null, ids: [], dir: null }],
    [['passport', '--dir', 'fixtures/out/glare/passport/dev'], { set: 'passport', dir: 'fixtures/out/glare/passport/dev' }],
    [['passport', '--split', 'test', '--limit', '5'], { set: 'passport', split: 'test', limit: 5 }],
    [['pan', '--split=test', '--json=out.json'], { split: 'test', json: 'out.json' }],
    [['pan', '--concurrency', '1,4'], { concurrency: [1, 4] }],
    [['pan', '--id', 'pan-dev-001', '--id', 'pan-dev-007'], { ids: ['pan-dev-001', 'pan-dev-007'] }],
    [['passport', '--real', 'fixtures/out/real/passport'], { real: 'fixtures/out/real/passport', dir: null, part: 'all', originals: false }],
    [['passport', '--real=fixtures/out/real/passport', '--part', 'eval', '--originals'], { real: 'fixtures/out/real/passport', part: 'eval', originals: true }],
    [['pan', '--real', 'fixtures/out/real/pan', '--part=train'], { set: 'pan', part: 'train' }],
    [['passport', '--dir', 'x'], { real: null, part: 'all', originals: false }],
    [['passport', '--split', 'foreign', '--limit', '60'], { set: 'passport', split: 'foreign', limit: 60 }],
    [['passport', '--split=styled-dev'], { split: 'styled-dev' }],
    [['pan', '--split', 'foreign', '--limit', '60'], { set: 'pan', split: 'foreign', limit: 60 }],
  ])('%o', (argv, expected) => {
    expect(parseBenchArgs(argv, defaults)).toMatchObject(expected);
  });

  it.each([
    [[]],
    [['pan', '--split', 'train']],
    [['negatives', '--split', 'foreign']],
    [['pan', '--limit', '0']],
    [['pan', '--limit']],
    [['pan', '--dir']],
    [['pan', '--concurrency', '1,x']],
    [['pan', '--bogus']],
    [['pan', 'passport']],
    [['passport', '--real']],
    [['passport', '--real', 'a', '--dir', 'b']],
    [['passport', '--real', 'a', '--part', 'test']],
    [['passport', '--part', 'eval']],
    [['passport', '--originals']],
  ])('refuses %o', (argv) => {
    expect(() => parseBenchArgs(argv, defaults)).toThrow();
  });
});
