/**
 * passportGeometry on recorded boxes: where the read stage boxed a generated classic page's printed names and date of
 * issue (surname and date in the first pass at 8 px/mm, given names as if in the sharper one at 11 px/mm), mapped
 * through an MRZ frame of a page uploaded turned a quarter clockwise at 10 px/mm.
 */
import { describe, expect, it } from 'vitest';
import type { Homography } from '../../core/imaging/homography.ts';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import { passportGeometry as geometryOf, type GeometryInput } from '../../plugins/passport/fieldGeometry.ts';

const passportGeometry = (input: GeometryInput) => geometryOf(input, pluginImaging);

// Page millimetres (x, y) to uploaded pixels (880 - 10y, 10x): the page's top edge runs down the image's right side.
const toImage: Homography = [0, -10, 880, 10, 0, 0, 0, 0, 1];
const frame: GeometryInput['frame'] = { toImage, lineCentresMm: [76.2, 80.8], count: 44 };
const surname = { bbox: { x0: 337, y0: 202, x1: 684, y1: 218 }, pxPerMm: 8 };
const givenNames = { bbox: { x0: 461, y0: 354, x1: 586, y1: 376 }, pxPerMm: 11 };
const issueDate = { bbox: { x0: 337, y0: 426, x1: 515, y1: 442 }, pxPerMm: 8 };
/** The MRZ's name cells (line 1, cells 6 to 44), 1.6 mm either side of the line's centre. */
const mrzName = [[134, 192], [134, 1183], [102, 1183], [102, 192]];

describe('passportGeometry', () => {
  it('maps the printed boxes from their pass pixels through the frame to the uploaded page', () => {
    const g = passportGeometry({ frame, surname, givenNames, issueDate });
    expect(g['surname']).toEqual({ page: 0, polygon: [[628, 421], [628, 855], [608, 855], [608, 421]] });
    expect(g['given_name']).toEqual({ page: 0, polygon: [[558, 419], [558, 533], [538, 533], [538, 419]] });
    expect(g['issue_date']).toEqual({ page: 0, polygon: [[348, 421], [348, 644], [328, 644], [328, 421]] });
  });

  it('outlines the full name around both printed names', () => {
    const g = passportGeometry({ frame, surname, givenNames, issueDate });
    expect(g['full_name']).toEqual({ page: 0, polygon: [[538, 419], [628, 419], [628, 855], [538, 855]] });
  });

  it("takes the MRZ's name field for the full name when either printed name was not read", () => {
    for (const input of [{ surname: null, givenNames }, { surname, givenNames: null }]) {
      const g = passportGeometry({ frame, ...input, issueDate });
      expect(g['full_name']).toEqual({ page: 0, polygon: mrzName });
    }
    expect(passportGeometry({ frame, surname: null, givenNames: null })['surname']).toEqual({ page: 0, polygon: mrzName });
  });

  it('has no date of issue where none was chosen', () => {
    expect(passportGeometry({ frame, surname, givenNames, issueDate: null })['issue_date']).toBeNull();
    expect(passportGeometry({ frame, surname, givenNames })['issue_date']).toBeNull();
  });

  it('keeps every polygon inside the uploaded page (880 x 1250 px)', () => {
    const g = passportGeometry({ frame, surname, givenNames, issueDate });
    for (const [field, at] of Object.entries(g)) {
      expect(at, field).not.toBeNull();
      for (const [x, y] of at!.polygon) {
        expect(x, field).toBeGreaterThanOrEqual(0);
        expect(x, field).toBeLessThanOrEqual(880);
        expect(y, field).toBeGreaterThanOrEqual(0);
        expect(y, field).toBeLessThanOrEqual(1250);
      }
    }
  });
});
