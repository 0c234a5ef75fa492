/**
 * A build guard (vite.config.ts, default mode): the hosted page reads everything through
 * hand-rolled twins (src/client/parsers.ts, src/protocol/processor-parsers.ts, hosted-page/boot.ts),
 * so the build fails when a script the entry loads at start (the entry chunk and its static
 * imports, transitively) holds zod again, rather than letting ~7.5 KB gzipped slip back into what
 * every hosted-page buyer downloads (issue 22). Dynamic imports (the processors' SDKs) are not
 * followed: they load on demand.
 */
import type { Plugin, Rolldown } from 'vite';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

export function noZodInEntry(entryName: string): Plugin {
  return {
    name: 'svcpay-no-zod-in-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((f): f is Rolldown.OutputChunk => f.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const entry = [...chunks.values()].find((c) => c.isEntry && c.name === entryName);
      if (!entry) throw new Error(`no-zod guard: no entry chunk named ${entryName}`);
      const seen = new Set<string>();
      const walk = (c: Rolldown.OutputChunk): void => {
        if (seen.has(c.fileName)) return;
        seen.add(c.fileName);
        const zod = Object.keys(c.modules).filter((id) => ZOD.test(id) && c.modules[id]!.renderedLength > 0);
        if (zod.length) {
          const names = zod.map((id) => id.replace(/.*[\\/]node_modules[\\/]/, '')).join(', ');
          throw new Error(`${entryName}: ${c.fileName} holds zod (${names}): read through a hand-rolled twin instead (src/client/parsers.ts, src/protocol/processor-parsers.ts)`);
        }
        for (const name of c.imports) {
          const next = chunks.get(name);
          if (next) walk(next);
        }
      };
      walk(entry);
    },
  };
}
