/**
 * A page or file the service renders itself, held as the build's files are (platform/static.ts
 * `DistFile`): compressed once, so `sendDist` answers it by Accept-Encoding with ETags and 304s.
 * Only for text that carries no secret: compressing a secret beside echoed input is what BREACH reads.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { DistFile } from '../../../platform/static.ts';

export function memoryFile(type: string, text: string): DistFile {
  const identity = new Uint8Array(Buffer.from(text, 'utf8'));
  const smaller = (b: Buffer) => (b.length < identity.length ? new Uint8Array(b) : null);
  return {
    type,
    identity,
    br: smaller(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })),
    gzip: smaller(gzipSync(identity, { level: 9 })),
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    text,
  };
}
