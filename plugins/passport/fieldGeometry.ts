/**
 * Where each passport field was read, in the pixels of the data page as uploaded: the MRZ fields from their cells
 * through the MRZ frame's homography, the printed names and date of issue from the OCR boxes they were read in (the
 * rectified page's millimetres map through the same homography). Pure.
 */
import type { BoundingBox } from '../../core/ocr/types.ts';
import type { Homography } from '../../core/imaging/homography.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { td3Field, type Td3FieldName } from './mrz/td3Fields.ts';
import { td3Page } from './mrz/td3Geometry.ts';

type Point = [number, number];
export interface PassportFieldGeometry {
  readonly page: number;
  readonly polygon: Point[];
}

/** A box in the pixels of a pass over the rectified page read at `pxPerMm`, `pxPerMm` finer than its millimetres. */
export interface PrintedBox {
  readonly bbox: BoundingBox;
  readonly pxPerMm: number;
}

export interface GeometryInput {
  readonly frame: { readonly toImage: Homography; readonly lineCentresMm: readonly number[]; readonly count: number; readonly lineShifts?: readonly number[] };
  /** A printed name's box; null when the name was not read from the print. */
  readonly surname: PrintedBox | null;
  readonly givenNames: PrintedBox | null;
  /** The printed date of issue's box; null when none was chosen. */
  readonly issueDate?: PrintedBox | null;
}

/** The page index of the data page: the first part's one page. */
const dataPage = 0;
/** Half the height of an MRZ field's outline, in frame millimetres: a capital and a little margin. */
const halfLineMm = 1.6;

/** ctx.imaging's applyHomography: frame millimetres to pixels. */
type Project = PluginContext['imaging']['applyHomography'];

const toPixels = (project: Project, h: Homography, corners: readonly (readonly [number, number])[]): Point[] =>
  corners.map(([x, y]) => {
    const p = project(h, x, y);
    return [Math.round(p.x), Math.round(p.y)];
  });

/** The quadrilateral over MRZ cells [start, end) of one line, clockwise from its top-left. */
function cellsPolygon(project: Project, frame: GeometryInput['frame'], line: 0 | 1, start: number, end: number): Point[] {
  const centre = frame.lineCentresMm[line] ?? td3Page.mrzLine2CentreMm;
  // A line read some cells off the grid's column (readMrz's realignment) lies that far along it.
  const left = td3Page.mrzLeftMm + (frame.lineShifts?.[line] ?? 0) * td3Page.mrzPitchMm;
  const x0 = left + start * td3Page.mrzPitchMm;
  const x1 = left + end * td3Page.mrzPitchMm;
  return toPixels(project, frame.toImage, [[x0, centre - halfLineMm], [x1, centre - halfLineMm], [x1, centre + halfLineMm], [x0, centre + halfLineMm]]);
}

function fieldPolygon(project: Project, frame: GeometryInput['frame'], field: Td3FieldName): Point[] {
  const spec = td3Field(field);
  return cellsPolygon(project, frame, spec.line, spec.start, spec.end);
}

function printedPolygon(project: Project, frame: GeometryInput['frame'], read: PrintedBox): Point[] {
  const { x0, y0, x1, y1 } = read.bbox;
  const k = 1 / read.pxPerMm;
  return toPixels(project, frame.toImage, [[x0 * k, y0 * k], [x1 * k, y0 * k], [x1 * k, y1 * k], [x0 * k, y1 * k]]);
}

/** The axis-aligned outline around points (page pixels), clockwise from its top-left. */
function outlineOf(points: readonly Point[]): Point[] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
}

/** Field name (the result's, `mrz.line1` for nested ones) to where it was read, or null where it was not read from the page. */
export function passportGeometry(input: GeometryInput, { applyHomography: project }: Pick<PluginContext['imaging'], 'applyHomography'>): Record<string, PassportFieldGeometry | null> {
  const { frame } = input;
  const at = (polygon: Point[]): PassportFieldGeometry => ({ page: dataPage, polygon });
  const surname = input.surname === null ? at(fieldPolygon(project, frame, 'name')) : at(printedPolygon(project, frame, input.surname));
  const given = input.givenNames === null ? at(fieldPolygon(project, frame, 'name')) : at(printedPolygon(project, frame, input.givenNames));
  // The full name is both names: the print's two boxes as one outline, or the MRZ's name field.
  const full = input.surname !== null && input.givenNames !== null ? at(outlineOf([...surname.polygon, ...given.polygon])) : at(fieldPolygon(project, frame, 'name'));
  return {
    surname,
    given_name: given,
    full_name: full,
    date_of_birth: at(fieldPolygon(project, frame, 'date_of_birth')),
    nationality: at(fieldPolygon(project, frame, 'nationality')),
    passport_number: at(fieldPolygon(project, frame, 'document_number')),
    issue_date: input.issueDate == null ? null : at(printedPolygon(project, frame, input.issueDate)),
    expiry_date: at(fieldPolygon(project, frame, 'expiry_date')),
    issuing_country: at(fieldPolygon(project, frame, 'issuing_state')),
    sex: at(fieldPolygon(project, frame, 'sex')),
    'mrz.line1': at(cellsPolygon(project, frame, 0, 0, frame.count)),
    'mrz.line2': at(cellsPolygon(project, frame, 1, 0, frame.count)),
  };
}
