/**
 * Where the API reference's renderer sits in the build (issue 22): Redoc's standalone bundle, copied
 * from the `redoc` devDependency into dist/app by the build (scripts/docs-renderer.ts), so the
 * package serves it offline and carries no React at run time. Read by the build and by the route.
 */
export const RENDERER_DIR = 'docs';
export const RENDERER_FILE = 'redoc.standalone.js';
/** Redoc's third-party notices, which its bundle's first line points to by this name. */
export const RENDERER_LICENSE = `${RENDERER_FILE}.LICENSE.txt`;
