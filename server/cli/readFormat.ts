/** Pure: the words `docex read` prints, a result summary (`--pretty`) and the progress line. */

const seconds = (s: number): string => {
  if (!Number.isFinite(s)) return '?';
  const whole = Math.round(s);
  return whole >= 60 ? `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
};

/** `[########------------] 12/30 files  1.4 files/s  ETA 13s` */
export function formatProgress(done: number, total: number, elapsedSeconds: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const eta = done === 0 ? '?' : seconds((total - done) / rate);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} files  ${rate.toFixed(1)} files/s  ETA ${done === total ? '0s' : eta}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `checks` flattened to `path: verdict` lines. */
function flatten(value: unknown, prefix: string, lines: string[]): void {
  if (isObject(value)) for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === '' ? key : `${prefix}.${key}`, lines);
  else lines.push(`  ${prefix}: ${value === null ? 'not checked' : String(value)}`);
}

/** Fields first (scalars, then last-page values), then checks, repairs and warnings in words. */
export function summarize(body: unknown, ok: boolean): string {
  if (!isObject(body)) return String(body);
  if (!ok) {
    const hint = typeof body['hint'] === 'string' ? `\n  ${body['hint']}` : '';
    return `Refused: ${String(body['title'])} (${String(body['code'])})${body['detail'] === undefined ? '' : `\n  ${String(body['detail'])}`}${hint}`;
  }
  const lines: string[] = ['Fields:'];
  const scalar = Object.entries(body).filter(([, value]) => value === null || typeof value !== 'object');
  const width = Math.max(...scalar.map(([key]) => key.length), 8);
  const confidence = isObject(body['confidence']) ? body['confidence'] : {};
  for (const [key, value] of scalar) {
    const sure = typeof confidence[key] === 'number' ? `  (confidence ${(confidence[key] as number).toFixed(2)})` : '';
    lines.push(`  ${key.padEnd(width)}  ${value === null ? '(not read)' : String(value)}${sure}`);
  }
  for (const group of ['mrz', 'last_page', 'pan_structure']) {
    const inner = body[group];
    if (!isObject(inner)) continue;
    lines.push(`${group}:`);
    for (const [key, value] of Object.entries(inner)) lines.push(`  ${key.padEnd(width)}  ${value === null ? '(none)' : String(value)}`);
  }
  if (isObject(body['checks'])) {
    lines.push('Checks:');
    flatten(body['checks'], '', lines);
  }
  const repairs = Array.isArray(body['repairs']) ? body['repairs'] : [];
  lines.push(repairs.length === 0 ? 'Repairs: none' : 'Repairs:');
  for (const repair of repairs.filter(isObject)) {
    const where = typeof repair['position'] === 'number' ? ` position ${repair['position']}` : '';
    lines.push(`  ${String(repair['field'])}${where}: read "${String(repair['from'])}", repaired to "${String(repair['to'])}" (${String(repair['reason'])})`);
  }
  const warnings = Array.isArray(body['warnings']) ? body['warnings'] : [];
  lines.push(warnings.length === 0 ? 'Warnings: none' : 'Warnings:');
  for (const warning of warnings) {
    lines.push(`  ${isObject(warning) ? `${String(warning['code'])}: ${String(warning['message'])}` : String(warning)}`);
  }
  return lines.join('\n');
}
