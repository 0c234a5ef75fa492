/**
 * The headers and inline-content rules of an HTML page, for every origin that serves one (the
 * service's pages and frames, the sandbox processor's fields and challenge pages): its
 * Content-Security-Policy, built from directives and from the hashes of its inline code, and the
 * escaping of JSON put inside it.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

export function csp(directives: Record<string, string>): string {
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** Security headers every HTML page carries, whichever origin serves it. */
export function pageHeaders(c: Context, policy: string) {
  c.header('Content-Security-Policy', policy);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Cache-Control', 'no-store');
}

/**
 * The CSP sources that allow a page's inline `<script>` and `<style>` elements by their content
 * (`'sha256-…'`, CSP Level 2), so a page can carry its code inline without `'unsafe-inline'`.
 * Script elements with a `src` carry no inline code and are skipped. Computed once per file
 * content: the caller keys it by `DistFile.hash` (./static.ts).
 */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const hashesOf = (re: RegExp) =>
    [...html.matchAll(re)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}'`);
  return {
    script: hashesOf(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    style: hashesOf(/<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}

export const escapeJsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
