// Moves files and rewrites relative import specifiers across the repo's .ts/.mjs files.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
const root = '/work/main';
const P = 'plugins/passport';
const moves = {};
const add = (from, to) => { moves[path.join(root, from)] = path.join(root, to); };
for (const f of ['greyImage', 'binarise', 'connectedComponents', 'homography']) add(`${P}/mrz/${f}.ts`, `core/imaging/${f}.ts`);
for (const f of ['findMrzLines', 'fitCellGrid', 'sampleCells', 'mrzClassifier', 'imageQuality', 'ocrGuides', 'mrzCheckDigit', 'countryCodes', 'detectMrzFormat', 'zeroOrOh']) add(`${P}/mrz/${f}.ts`, `core/mrz/${f}.ts`);
add(`${P}/mrz/model/mrz-ocrb-mlp.json`, 'core/mrz/model/mrz-ocrb-mlp.json');
add(`${P}/mrz/model/mrz-ocrb-mlp-renderer.json`, 'core/mrz/model/mrz-ocrb-mlp-renderer.json');
for (const f of ['td3Geometry', 'mrzPlausibility', 'mrzDate']) add(`${P}/${f}.ts`, `${P}/mrz/${f}.ts`);
for (const f of ['accentMarks', 'icaoTransliteration', 'issueDateChoice', 'nameLineBand', 'printedDate', 'printedName', 'printedNationality', 'vizFields', 'vizLabels', 'vizLayout']) add(`${P}/${f}.ts`, `${P}/viz/${f}.ts`);
for (const f of ['lastPageFields', 'lastPageReader', 'skewAngle']) add(`${P}/${f}.ts`, `${P}/lastPage/${f}.ts`);
for (const f of ['printedFieldMend', 'printedNameMend', 'washedCells', 'decodePassport']) add(`${P}/${f}.ts`, `${P}/reconcile/${f}.ts`);

const files = execSync('git ls-files "*.ts" "*.mjs" "*.mts"', { cwd: root }).toString().trim().split('\n').map((f) => path.join(root, f));
const newPath = (abs) => moves[abs] ?? abs;
const re = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)(['"])|(new URL\(\s*['"])(\.{1,2}\/[^'"]+)(['"])/g;
for (const file of files) {
  const src = fs.readFileSync(file, 'utf8');
  const dirOld = path.dirname(file);
  const dirNew = path.dirname(newPath(file));
  const out = src.replace(re, (m, a, spec, c, a2, spec2, c2) => {
    const pre = a ?? a2, s = spec ?? spec2, post = c ?? c2;
    const target = path.resolve(dirOld, s);
    const moved = newPath(target);
    if (moved === target && dirOld === dirNew) return m;
    let rel = path.relative(dirNew, moved);
    if (!rel.startsWith('.')) rel = './' + rel;
    if (s.endsWith('/') && !rel.endsWith('/')) rel += '/';
    return pre + rel + post;
  });
  if (out !== src) fs.writeFileSync(file, out);
}
for (const [from, to] of Object.entries(moves)) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  execSync(`git mv ${JSON.stringify(from)} ${JSON.stringify(to)}`, { cwd: root });
}
console.log('moved', Object.keys(moves).length);
