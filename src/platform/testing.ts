/** Test helpers: a fake build output (dist/) in a temp folder, so serving is tested with no vite build. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Temp folders that stand in for dist/; `remove` deletes every one made so far (call it in `afterAll`). */
export function tempDists() {
  const made: string[] = [];
  return {
    make: () => {
      const dir = mkdtempSync(join(tmpdir(), 'svcpay-dist-'));
      made.push(dir);
      return dir;
    },
    remove: () => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}

/** Writes `path` under `dir`, with the build's .br and .gz siblings unless `plain` (vite.config.ts, precompress). */
export function putBuilt(dir: string, path: string, text: string, plain = false) {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (plain) return;
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

export const bodyBytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
