/**
 * `GET /docs`: the API reference, Redoc (read-only: no "try it", so no one pastes a secret key into
 * it) rendering this service's own contract (`/openapi.json`, routes/contract). Everything it
 * loads is the service's: the renderer is the package's copy (./renderer.ts), never a CDN.
 */
import { csp } from '../../../platform/page-headers.ts';
import { RENDERER_DIR, RENDERER_FILE } from './renderer.ts';
import { shell } from './layout.ts';

export const CONTRACT_URL = '/openapi.json';
export const RENDERER_URL = `/${RENDERER_DIR}/${RENDERER_FILE}`;
export const START_URL = '/docs/reference.js';

/**
 * Starts Redoc on the page's mount point, in place of the fallback text. A file, not inline code,
 * so script-src stays 'self'.
 */
export const START_SCRIPT = `(function () {
  var mount = document.getElementById('reference');
  if (!window.Redoc || !mount) return;
  mount.textContent = '';
  window.Redoc.init(${JSON.stringify(CONTRACT_URL)}, { expandResponses: '200,201', requiredPropsFirst: true }, mount);
})();
`;

/**
 * As strict as Redoc allows. Beyond 'self' it needs two sources. A nonce for its <style> elements
 * (styled-components writes its CSS at run time): the build makes the bundle stamp each with the
 * nonce of the script element that loaded it (scripts/docs-renderer.ts), so no other inline style
 * is allowed. And `blob:` workers: its search index runs in a worker it builds from a Blob of code
 * already in its bundle. Images: its icons are data: URLs. No 'unsafe-inline', no 'unsafe-eval'.
 */
export function referencePolicy(nonce: string): string {
  return csp({
    'default-src': "'none'",
    'script-src': "'self'",
    'style-src': `'self' 'nonce-${nonce}'`,
    'img-src': "'self' data:",
    'connect-src': "'self'",
    'worker-src': 'blob:',
    'frame-ancestors': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  });
}

export function referencePage(nonce: string): string {
  const body = `<main id="reference">
<div class="fallback">
<h1>svcpay API reference</h1>
<p>The reference is drawn in your browser from the service's contract. If it does not appear, read the contract itself:
<a href="/openapi.yaml">OpenAPI (YAML)</a>, <a href="${CONTRACT_URL}">OpenAPI (JSON)</a> or <a href="/llms.txt">llms.txt</a>;
every error code is explained on <a href="/docs/errors">Error codes</a>.</p>
</div>
</main>`;
  return shell({
    title: 'API reference · svcpay API',
    description: 'Reference of the svcpay API: endpoints, keys, request and response fields, and error codes.',
    current: '/docs',
    mainId: 'reference',
    body,
    scripts: `<script src="${RENDERER_URL}" nonce="${nonce}"></script>\n<script src="${START_URL}"></script>\n`,
  });
}
