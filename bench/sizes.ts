/**
 * What a buyer's browser downloads, gzipped: the embed script, and for an HTML page the page itself
 * (the field page carries its code inline), every script, module preload and stylesheet it
 * references, plus the static imports of those scripts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  gzip: number;
}

export interface BundleSize {
  gzip: number;
  files: FileSize[];
}

export function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
}

export function fileBundle(root: string, file: string): BundleSize {
  const size = { file: relative(root, file), gzip: gzipSize(read(file)) };
  return { gzip: size.gzip, files: [size] };
}

/** `servedRoot` is the directory served at `/` (absolute references resolve against it). */
export function pagesBundle(root: string, servedRoot: string, htmlFiles: string[]): BundleSize {
  const found = new Set<string>();
  for (const html of htmlFiles) {
    found.add(html);
    for (const ref of htmlReferences(read(html).toString('utf8'))) {
      const file = resolveRef(ref, dirname(html), servedRoot);
      if (file) addWithImports(file, servedRoot, found);
    }
  }
  const files = [...found].sort().map((file) => ({ file: relative(root, file), gzip: gzipSize(read(file)) }));
  return { gzip: files.reduce((sum, f) => sum + f.gzip, 0), files };
}

/** script src, and link href when rel is modulepreload or stylesheet. */
function htmlReferences(html: string): string[] {
  const refs: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src) refs.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (href && (rel.includes('modulepreload') || rel.includes('stylesheet'))) refs.push(href);
  }
  return refs;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function resolveRef(ref: string, fromDir: string, servedRoot: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return undefined; // another origin
  const path = ref.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? join(servedRoot, path) : resolve(fromDir, path);
}

/** Follows `import "./x.js"` and `from "./x.js"` (static imports; dynamic ones load on demand). */
function addWithImports(file: string, servedRoot: string, found: Set<string>): void {
  if (found.has(file)) return;
  found.add(file);
  if (!file.endsWith('.js')) return;
  const code = read(file).toString('utf8');
  for (const m of code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)) {
    const target = resolveRef(m[1] ?? '', dirname(file), servedRoot);
    if (target) addWithImports(target, servedRoot, found);
  }
}

function read(file: string): Buffer {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (or \`node scripts/ensure.mjs\`) first`);
  return readFileSync(file);
}
