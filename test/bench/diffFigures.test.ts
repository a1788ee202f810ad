import { describe, expect, it } from 'vitest';
import { inventedMarks, parseDiffLog } from '../../bench/diffFigures.ts';

describe('diffFigures', () => {
  it('reads expected and read values per item from an eval --diff log', () => {
    const log = [
      '[1/2] passport-foreign-001 scan ok wrong: issue_date 1200 ms',
      '    issue_date: expected "2021-06-08" read null',
      '[2/2] passport-foreign-002 photo ok wrong: surname 900 ms',
      '    surname: expected "DUBOIS" read "DUBÓIS"',
      '    sex: expected "M" read undefined',
    ].join('\n');
    expect(parseDiffLog(log)).toEqual({
      'passport-foreign-001': { issue_date: { expected: '2021-06-08', read: null } },
      'passport-foreign-002': { surname: { expected: 'DUBOIS', read: 'DUBÓIS' }, sex: { expected: 'M', read: undefined } },
    });
  });

  it('counts marks the truth lacks, and none for marks it has', () => {
    expect(inventedMarks('DUBOIS', 'DUBÓIŚ')).toEqual(['Ó', 'Ś']);
    expect(inventedMarks('BJØRNSTAD', 'BJÖRNSTAD')).toEqual(['Ö']);
    expect(inventedMarks('JOSÉ MÜLLER', 'JOSE MÜLLER')).toEqual([]);
    expect(inventedMarks('JOSÉ', 'JOSE\u0301')).toEqual([]);
  });
});
