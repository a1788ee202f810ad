/** 8-connected components of a binary image, with the moments that give each blob's centre, axis and extent. */

export interface Blob {
  readonly n: number;
  readonly cx: number;
  readonly cy: number;
  /** Central second moments. */
  readonly vxx: number;
  readonly vyy: number;
  readonly vxy: number;
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

export function connectedComponents(mask: Uint8Array, width: number, height: number, minPixels = 4): Blob[] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const blobs: Blob[] = [];
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    let minX = width, maxX = 0, minY = height, maxY = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (mask[q] && !labels[q]) {
            labels[q] = next;
            stack[top++] = q;
          }
        }
      }
    }
    if (n < minPixels) continue;
    const cx = sx / n;
    const cy = sy / n;
    blobs.push({ n, cx, cy, vxx: sxx / n - cx * cx, vyy: syy / n - cy * cy, vxy: sxy / n - cx * cy, minX, maxX, minY, maxY });
  }
  return blobs;
}

/**
 * How tall a crop's letters stand: the upper quartile of the heights of blobs holding at least 0.3 of the largest
 * blob's ink (a label's small print and specks, which can outnumber letters, do not set it). 0 for no blobs.
 */
export function letterHeightOf(blobs: readonly Blob[]): { readonly height: number; readonly mostInk: number } {
  const mostInk = Math.max(0, ...blobs.map((b) => b.n));
  const heights = blobs.filter((b) => b.n >= mostInk * 0.3).map((b) => b.maxY - b.minY + 1).sort((a, b) => a - b);
  return { height: heights[Math.floor(heights.length * 0.75)] ?? 0, mostInk };
}
