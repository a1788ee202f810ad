/**
 * Finds the MRZ in a downscaled grey page: the dominant text direction from neighbouring ink blobs, chains of
 * evenly spaced blobs along it, and the two (TD1: three) long, parallel, equally long chains one line apart.
 * The direction is only known modulo 180°: the reader tries both ways round.
 */
import { binarise } from '../imaging/binarise.ts';
import { connectedComponents, type Blob } from '../imaging/connectedComponents.ts';
import type { GreyImage } from '../imaging/greyImage.ts';
import type { Point } from '../imaging/homography.ts';

export interface MrzLineFit {
  /** Centre-line points at the first and last ink of the line, in the searched image's pixels. */
  readonly start: Point;
  readonly end: Point;
  /** Cap height estimated from the blobs, in pixels. */
  readonly height: number;
  readonly blobs: number;
  /** Blob centres in reading order, with each blob's length along the line (px): the cell grid is fitted to them. */
  readonly centres: readonly { readonly x: number; readonly y: number; readonly length: number }[];
}

export interface MrzLinesFound {
  /** Top to bottom for text read along `direction`. */
  readonly lines: readonly MrzLineFit[];
  /** Unit vector of the reading direction (one of the two possible). */
  readonly direction: Point;
}

interface Placed {
  readonly blob: Blob;
  readonly t: number;
  readonly o: number;
  readonly len: number;
  readonly h: number;
}

interface Chain {
  readonly members: Placed[];
  readonly tStart: number;
  readonly tEnd: number;
  /** Offset of the centre line: o = a + b t. */
  readonly a: number;
  readonly b: number;
  readonly h: number;
}

/** Ratio of an even spread's full extent to its standard deviation. */
const spread = Math.sqrt(12);

function textDirection(blobs: readonly Blob[]): number | null {
  const sized = blobs.map((b) => ({ b, s: spread * Math.sqrt(Math.max(b.vxx, b.vyy)) })).filter((x) => x.s >= 3 && x.s <= 80);
  if (sized.length < 10) return null;
  sized.sort((p, q) => p.b.cx - q.b.cx);
  const hist = new Float64Array(180);
  for (let i = 0; i < sized.length; i++) {
    const { b, s } = sized[i]!;
    let best = Infinity;
    let angle = 0;
    const reach = 2.5 * s;
    // Sorted by x: scan both ways while within reach horizontally.
    for (const dir of [-1, 1]) {
      for (let j = i + dir; j >= 0 && j < sized.length; j += dir) {
        const o = sized[j]!;
        const dx = o.b.cx - b.cx;
        if (Math.abs(dx) > reach) break;
        if (o.s < 0.6 * s || o.s > 1.6 * s) continue;
        const dy = o.b.cy - b.cy;
        const d = Math.hypot(dx, dy);
        if (d < 0.3 * s || d > reach) continue;
        if (d < best) {
          best = d;
          angle = Math.atan2(dy, dx);
        }
      }
    }
    if (best === Infinity) continue;
    const deg = (((angle * 180) / Math.PI) % 180 + 180) % 180;
    hist[Math.floor(deg) % 180] = hist[Math.floor(deg) % 180]! + 1;
  }
  let bestBin = 0;
  let bestScore = -1;
  for (let i = 0; i < 180; i++) {
    let s = 0;
    for (let k = -3; k <= 3; k++) s += hist[(i + k + 180) % 180]! * (4 - Math.abs(k));
    if (s > bestScore) {
      bestScore = s;
      bestBin = i;
    }
  }
  // Refine to the weighted mean around the peak.
  let sw = 0;
  let sa = 0;
  for (let k = -4; k <= 4; k++) {
    const w = hist[(bestBin + k + 180) % 180]!;
    sw += w;
    sa += w * (bestBin + k + 0.5);
  }
  return sw > 0 ? ((sa / sw) * Math.PI) / 180 : null;
}

function place(blobs: readonly Blob[], theta: number): Placed[] {
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const out: Placed[] = [];
  for (const blob of blobs) {
    const vt = blob.vxx * c * c + 2 * blob.vxy * c * s + blob.vyy * s * s;
    const vo = blob.vxx * s * s - 2 * blob.vxy * c * s + blob.vyy * c * c;
    const h = spread * Math.sqrt(Math.max(vo, 0));
    const len = spread * Math.sqrt(Math.max(vt, 0));
    if (h < 2.5 || h > 70) continue;
    out.push({ blob, t: blob.cx * c + blob.cy * s, o: -blob.cx * s + blob.cy * c, len, h });
  }
  return out.sort((p, q) => p.t - q.t);
}

function buildChains(placed: readonly Placed[]): Chain[] {
  const n = placed.length;
  const next = new Int32Array(n).fill(-1);
  const nextGap = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const prevGap = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++) {
    const p = placed[i]!;
    for (let j = i + 1; j < n; j++) {
      const q = placed[j]!;
      if (q.t - p.t > p.len / 2 + q.len / 2 + 2 * Math.max(p.h, q.h)) {
        if (q.t - p.t > p.len + 4 * p.h + 150) break;
        continue;
      }
      const hmax = Math.max(p.h, q.h);
      if (Math.min(p.h, q.h) < 0.45 * hmax) continue;
      if (Math.abs(q.o - p.o) > 0.35 * hmax) continue;
      const gap = q.t - q.len / 2 - (p.t + p.len / 2);
      if (gap < -0.6 * hmax || gap > 1.4 * hmax) continue;
      const cost = gap + 2 * Math.abs(q.o - p.o);
      if (cost < nextGap[i]!) {
        nextGap[i] = cost;
        next[i] = j;
      }
      if (cost < prevGap[j]!) {
        prevGap[j] = cost;
        prev[j] = i;
      }
    }
  }
  const chains: Chain[] = [];
  const used = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (used[i] || (prev[i]! >= 0 && next[prev[i]!] === i)) continue;
    const members: Placed[] = [];
    let k = i;
    while (k >= 0 && !used[k]) {
      used[k] = 1;
      members.push(placed[k]!);
      const j = next[k]!;
      k = j >= 0 && prev[j] === k ? j : -1;
    }
    chains.push(fitChain(members));
  }
  return chains;
}

function fitChain(members: Placed[]): Chain {
  let sw = 0, st = 0, so = 0, stt = 0, sto = 0;
  for (const m of members) {
    const w = m.blob.n;
    sw += w;
    st += w * m.t;
    so += w * m.o;
    stt += w * m.t * m.t;
    sto += w * m.t * m.o;
  }
  const mt = st / sw;
  const mo = so / sw;
  const vt = stt / sw - mt * mt;
  const b = members.length >= 3 && vt > 1 ? (sto / sw - mt * mo) / vt : 0;
  const heights = members.map((m) => m.h).sort((p, q) => p - q);
  return {
    members,
    tStart: Math.min(...members.map((m) => m.t - m.len / 2)),
    tEnd: Math.max(...members.map((m) => m.t + m.len / 2)),
    a: mo - b * mt,
    b,
    h: heights[Math.floor(heights.length * 0.6)]!,
  };
}

const extent = (c: Chain): number => c.tEnd - c.tStart;
/** Blobs per glyph height along a chain: every MRZ cell holds a glyph or a filler, so its lines are all dense. */
const density = (c: Chain): number => (c.members.length * c.h) / Math.max(1, extent(c));
/** A chain as dense as an MRZ line beside it: a row of texture or a table's edge at the lines' spacing is not. */
const alike = (c: Chain, line: Chain): boolean => density(c) >= 0.75 * density(line);

/**
 * Chains joined across a gap where glare washed a run of glyphs out of one line: two chains on the same centre
 * line, of the same height, one after the other with up to a dozen character heights between them. Offered beside
 * the chains themselves, which stay candidates.
 */
function acrossGaps(chains: readonly Chain[]): Chain[] {
  const out: Chain[] = [];
  for (const a of chains) {
    if (a.members.length < 4) continue;
    for (const b of chains) {
      if (b === a || b.members.length < 4 || b.tStart <= a.tEnd) continue;
      const h = Math.max(a.h, b.h);
      // A run of `<` stands lower than capitals (0.74 of their chain height measured); glyphs glare left half-washed
      // can break a line with no gap at all.
      if (Math.min(a.h, b.h) < 0.65 * h || b.tStart - a.tEnd > 12 * h) continue;
      if (Math.abs(offsetAt(a, b.tStart) - offsetAt(b, b.tStart)) > 0.3 * h || Math.abs(a.b - b.b) > 0.03) continue;
      out.push(fitChain([...a.members, ...b.members]));
    }
  }
  return out;
}
const offsetAt = (c: Chain, t: number): number => c.a + c.b * t;

/** Every plausible MRZ (best first) in a grey image at a scale where characters are roughly 6–40 px tall. */
export function findMrzLines(
  image: GreyImage,
  options: { radius: number; offset?: number; spread?: number; /** Also lines glare cut in two (see acrossGaps) or cut short. */ acrossGaps?: boolean },
): MrzLinesFound[] {
  const mask = binarise(image, options.radius, options.offset ?? 0, options.spread);
  const blobs = connectedComponents(mask, image.width, image.height, 5);
  const theta = textDirection(blobs);
  if (theta === null) return [];
  const built = buildChains(place(blobs, theta));
  // A line is many glyphs: at least one blob per five character heights of its length (a line glare washed half of
  // keeps one per two; a stripe of the table's texture, one blob, spans thirty-odd heights alone).
  const chains = [...built, ...(options.acrossGaps === true ? acrossGaps(built) : [])].filter(
    (c) => extent(c) >= 16 * c.h && extent(c) <= 80 * c.h && c.members.length >= Math.max(4, extent(c) / (5 * c.h)),
  );
  const found: { score: number; lines: Chain[] }[] = [];
  for (let i = 0; i < chains.length; i++) {
    for (let j = 0; j < chains.length; j++) {
      if (i === j) continue;
      const a = chains[i]!;
      const b = chains[j]!;
      const h = (a.h + b.h) / 2;
      const mid = (Math.max(a.tStart, b.tStart) + Math.min(a.tEnd, b.tEnd)) / 2;
      const sep = offsetAt(b, mid) - offsetAt(a, mid);
      // b lies one MRZ line below a: printers space the lines 1.5 to over 3 glyph heights apart (ICAO's nominal is 2.6).
      if (sep < 1.3 * h || sep > 4.2 * h) continue;
      if (Math.min(a.h, b.h) < 0.65 * Math.max(a.h, b.h)) continue;
      const overlap = Math.min(a.tEnd, b.tEnd) - Math.max(a.tStart, b.tStart);
      const longer = Math.max(extent(a), extent(b));
      const shorter = Math.min(extent(a), extent(b));
      // In the glare pass, a line glare cut short at one end (with too little left past the glare to join) still
      // pairs when its other end is in its partner's column.
      const cut =
        options.acrossGaps === true &&
        shorter >= 0.5 * longer &&
        overlap >= 0.9 * shorter &&
        (Math.abs(a.tStart - b.tStart) < 2 * h || Math.abs(a.tEnd - b.tEnd) < 2 * h);
      if (overlap < 0.85 * longer && !cut) continue;
      if (Math.abs(a.b - b.b) > 0.03) continue;
      const lines = [a, b];
      // A third line at the same spacing makes it TD1.
      const third = chains.find((c) => c !== a && c !== b && Math.abs(offsetAt(c, mid) - offsetAt(b, mid) - sep) < 0.4 * h && Math.min(c.tEnd, b.tEnd) - Math.max(c.tStart, b.tStart) > 0.85 * extent(b));
      const before = chains.find((c) => c !== a && c !== b && Math.abs(offsetAt(a, mid) - offsetAt(c, mid) - sep) < 0.4 * h && Math.min(c.tEnd, a.tEnd) - Math.max(c.tStart, a.tStart) > 0.85 * extent(a));
      if (before && alike(before, a)) continue; // counted from the first line of the three
      if (third) lines.push(third);
      // A sparse line at the lines' spacing may be texture or a table's edge, or a TD1 line glare washed: it adds
      // nothing to the score, and the dense pair is tried on its own first.
      const densest = lines.reduce((best, c) => (density(c) > density(best) ? c : best));
      const dense = lines.filter((c) => alike(c, densest));
      const score = dense.reduce((s, c) => s + extent(c) / c.h, 0) + dense.reduce((s, c) => s + c.members.length, 0) * 0.1;
      const pair = dense.length === 2 && lines.indexOf(dense[1]!) === lines.indexOf(dense[0]!) + 1;
      if (lines.length === 3 && pair) found.push({ score: score + 1e-6, lines: dense });
      found.push({ score, lines });
    }
  }
  found.sort((p, q) => q.score - p.score);
  const unique = found.filter((f, i) => found.findIndex((g) => g.lines.length === f.lines.length && g.lines.every((c, k) => c === f.lines[k])) === i);
  const u = { x: Math.cos(theta), y: Math.sin(theta) };
  const v = { x: -u.y, y: u.x };
  const toImage = (t: number, o: number): Point => ({ x: t * u.x + o * v.x, y: t * u.y + o * v.y });
  return unique.slice(0, 3).map(({ lines }) => ({
    direction: u,
    lines: lines.map((c) => ({
      start: toImage(c.tStart, offsetAt(c, c.tStart)),
      end: toImage(c.tEnd, offsetAt(c, c.tEnd)),
      height: c.h,
      blobs: c.members.length,
      centres: c.members.map((m) => ({ x: m.blob.cx, y: m.blob.cy, length: m.len })),
    })),
  }));
}
