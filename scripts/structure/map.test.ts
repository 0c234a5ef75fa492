import { describe, expect, it } from 'vitest';
import { mappedFolders, mapViolations, namedPaths, names } from './map.ts';

const files = [
  'src/start.ts',
  'src/server/app.ts',
  'src/server/store/postgres/pool.ts',
  'src/components/PayButton/PayButton.tsx',
  'src/components/TextField/TextField.tsx',
  'src/locales/en.json',
  'e2e/flows/pay.spec.ts',
  'tools/openapi-typescript/package.json',
  '.ci/run',
  'README.md',
];

describe('the folders the map must name', () => {
  it('takes every folder under src/ at every depth, and only the top of other folders with code', () => {
    expect(mappedFolders(files)).toEqual([
      'e2e',
      'src',
      'src/components',
      'src/components/PayButton',
      'src/components/TextField',
      'src/locales',
      'src/server',
      'src/server/store',
      'src/server/store/postgres',
    ]);
  });

  it('reads the paths in backticks under a folder of the repository, and nothing else', () => {
    const doc = 'The `src/server/store/postgres/` backend; `e2e/` flows; `deps.ts`, `svcpay/webhooks`, `/pay/{id}` and `src/server/*.ts` are not paths.';
    expect(namedPaths(doc, new Set(['src', 'e2e']))).toEqual(['e2e', 'src/server/store/postgres']);
  });

  it('lets a <placeholder> segment stand for one folder name, never for more or fewer', () => {
    expect(names('src/components/<Name>', 'src/components/PayButton')).toBe(true);
    expect(names('src/components/<Name>', 'src/components')).toBe(false);
    expect(names('src/components/<Name>', 'src/components/PayButton/parts')).toBe(false);
    expect(names('src/server/store', 'src/server/store/postgres')).toBe(false);
  });
});

describe('mapViolations', () => {
  const complete = [
    '`src/`, `src/start.ts`, `src/server/`, `src/server/store/`, `src/server/store/postgres/`,',
    '`src/components/`, `src/components/<Name>/`, `src/locales/`, `e2e/`, `tools/`',
  ].join('\n');

  it('passes a map that names every folder and only what exists', () => {
    expect(mapViolations(files, complete)).toEqual([]);
  });

  it('names the folder a map leaves out, however deep', () => {
    expect(mapViolations(files, complete.replace('`src/server/store/postgres/`,', ''))).toEqual([
      expect.stringMatching(/^map-names-every-folder: src\/server\/store\/postgres\/ is not named/),
    ]);
    expect(mapViolations([...files, 'src/server/mirror/order.ts'], complete)).toEqual([expect.stringMatching(/^map-names-every-folder: src\/server\/mirror\//)]);
  });

  it('names a folder or file the map keeps after it is gone, and a placeholder that matches nothing', () => {
    const doc = `${complete} \`src/server/sqlite/\` \`src/server/main.ts\` \`e2e/<flow>/steps/\``;
    expect(mapViolations(files, doc)).toEqual([
      expect.stringMatching(/^map-names-every-folder: docs\/architecture.md names `e2e\/<flow>\/steps`/),
      expect.stringMatching(/^map-names-every-folder: docs\/architecture.md names `src\/server\/main.ts`/),
      expect.stringMatching(/^map-names-every-folder: docs\/architecture.md names `src\/server\/sqlite`/),
    ]);
  });
});
