import { describe, expect, it } from 'vitest';
import { parseTd3, type MrzReading } from '../../../plugins/passport/mrz/index.ts';
import { holdsTogether, noZone, zoneReading } from '../../../plugins/passport/mrz/locate.ts';

const now = new Date('2026-11-27T00:00:00Z');

/** A reading of two TD3 lines as the MRZ reader hands it on (geometry left out: the choice never looks at it). */
function reading(line1: string, line2: string): MrzReading {
  const lines = [line1, line2];
  return {
    format: 'TD3',
    lines,
    charConfidence: lines.map((l) => [...l].map(() => 0.9)),
    washed: lines.map((l) => [...l].map(() => false)),
    parse: parseTd3([line1, line2], { now }),
    rotation: 0,
    skewDeg: 0,
    quad: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }],
    page: null,
    frame: { toImage: [1, 0, 0, 0, 1, 0, 0, 0, 1], lineCentresMm: [0, 0], count: 44 },
  } as unknown as MrzReading;
}

const specimen = reading('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10');
// A row of the page's print and texture read as cells: two lines of 44, no code, no date, no check that holds.
const texture = reading('FBTQCONB<NNNNSN<SS<S<SS<<7<BS<BB<BGSE<E<BBMB', '7F1RA1JLJ1<NNN17N<N<<LL<<<<<7<3<3<2<3SSE<<4L');

describe('zoneReading: the second way to the MRZ', () => {
  it('tells lines that form a passport zone from lines that form none', () => {
    expect(noZone(specimen, now)).toBe(false);
    expect(noZone(texture, now)).toBe(true);
  });

  it('goes on with the OCR lines\' zone where the blob chains took texture for one', async () => {
    expect(await zoneReading(texture, async () => specimen, now)).toBe(specimen);
  });

  it('keeps the chains\' reading, for its refusal, where the OCR lines find no better', async () => {
    expect(await zoneReading(texture, async () => null, now)).toBe(texture);
    expect(await zoneReading(texture, async () => texture, now)).toBe(texture);
  });

  it('asks the OCR lines nothing where the chains found the zone, and asks them where the chains found none', async () => {
    let asked = 0;
    const second = async (): Promise<MrzReading | null> => {
      asked += 1;
      return null;
    };
    expect(await zoneReading(specimen, second, now)).toBe(specimen);
    expect(asked).toBe(0);
    expect(await zoneReading({ failure: 'no_mrz', detail: 'none' }, second, now)).toBeNull();
    expect(asked).toBe(1);
  });

  it('asks the OCR lines where the chains\' zone does not hold together, and takes theirs only where it holds', async () => {
    // A grid laid off the glyphs: a zone by its shape, but the birth date's and the expiry's checks fail.
    const offGrid = reading('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408172F1204153ZE184226B<<<<<10');
    expect(noZone(offGrid, now)).toBe(false);
    expect(holdsTogether(offGrid, now)).toBe(false);
    expect(holdsTogether(specimen, now)).toBe(true);
    expect(await zoneReading(offGrid, async () => specimen, now)).toBe(specimen);
    const alsoOff = reading('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408172F1204153ZE184226B<<<<<10');
    expect(await zoneReading(offGrid, async () => alsoOff, now)).toBe(offGrid);
    expect(await zoneReading(offGrid, async () => null, now)).toBe(offGrid);
  });
});
