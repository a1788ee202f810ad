/**
 * A plugin imports only types from core; the host hands it capabilities (STYLE.md). For imaging that means
 * ctx.imaging (core/imaging/pluginImaging.ts): no shipped plugin imports sharp, nor a value from core/imaging.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pluginCatalogue } from '../../server/productionRegistry.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });

const withoutComments = (code: string): string => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'])\/\/.*$/gm, '$1');

/** The modules `code` (a file at `file`) takes values from: `import type` and all-`type` braces do not count. */
function valueImports(file: string, code: string): string[] {
  const resolve = (specifier: string): string =>
    specifier.startsWith('.') ? path.relative('.', path.resolve(path.dirname(file), specifier)) : specifier;
  const found: string[] = [];
  const clean = withoutComments(code);
  for (const [, head, specifier] of clean.matchAll(/\b(?:import|export)\s+([^'";]*?)\s*from\s*'([^']+)'/g)) {
    const braces = /\{([^}]*)\}/.exec(head!);
    const outsideBraces = head!.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
    const typeOnly =
      /^type\b/.test(head!) ||
      (braces !== null && outsideBraces === '' && braces[1]!.split(',').every((name) => name.trim() === '' || /^type\s/.test(name.trim())));
    if (!typeOnly) found.push(resolve(specifier!));
  }
  // Side-effect and dynamic imports always take code.
  for (const [, specifier] of clean.matchAll(/(?:^\s*import\s*|\bimport\s*\(\s*)'([^']+)'/gm)) found.push(resolve(specifier!));
  return found;
}

const forbidden = (module: string): boolean => module === 'sharp' || module.startsWith('core/imaging/');

describe('plugins take imaging through ctx', () => {
  // Every catalogued plugin's folder: the shipped two and any the service can be told to load.
  const folders = Object.values(pluginCatalogue).map((entry) => path.dirname(path.relative('.', fileURLToPath(entry.source.url))));

  it('finds every catalogued plugin\'s folder', () => {
    expect(folders).toEqual(expect.arrayContaining(['plugins/passport', 'plugins/pan', 'plugins/td1']));
  });

  it.each(folders)(
    '%s imports neither sharp nor a value from core/imaging',
    (folder) => {
      const files = sources(folder);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        expect(valueImports(file, readFileSync(file, 'utf8')).filter(forbidden), file).toEqual([]);
      }
    },
  );

  it('tells value imports from type imports', () => {
    const at = 'plugins/x/a.ts';
    expect(valueImports(at, "import { otsu } from '../../core/imaging/pageImage.ts';")).toEqual(['core/imaging/pageImage.ts']);
    expect(valueImports(at, "import { applyHomography, type Homography } from '../../core/imaging/homography.ts';")).toEqual(['core/imaging/homography.ts']);
    expect(valueImports(at, "import sharp from 'sharp';")).toEqual(['sharp']);
    expect(valueImports(at, "import * as imaging from '../../core/imaging/pageImage.ts';")).toEqual(['core/imaging/pageImage.ts']);
    expect(valueImports(at, "const s = await import('sharp');")).toEqual(['sharp']);
    expect(valueImports(at, "export { otsu } from '../../core/imaging/pageImage.ts';")).toEqual(['core/imaging/pageImage.ts']);
    expect(valueImports(at, "import type { RawImage } from '../../core/imaging/types.ts';")).toEqual([]);
    expect(valueImports(at, "import { type Blob, type Point } from '../../core/imaging/homography.ts';")).toEqual([]);
    expect(valueImports(at, "// import sharp from 'sharp';\n/* import { otsu } from '../../core/imaging/pageImage.ts'; */")).toEqual([]);
  });
});
