/**
 * The structure rules of docs/architecture.md as data: which folder may import which, how many
 * files an engine folder holds, how long a file may grow. `check.ts` applies them to the import
 * graph TypeScript itself resolves (type-only imports included), so `npm test` fails when a
 * forbidden import, an import circle, a crowded folder or a long file is added.
 */
import { readdirSync } from 'node:fs';

export interface ImportRule {
  name: string;
  /** Shown with each violation: what the rule protects. */
  why: string;
  from: RegExp;
  to: RegExp;
  /** Whether test files (and test-only helpers) are held to the rule too. */
  tests: boolean;
}

const server = 'src/server/';
/** The app and what builds it (the top of the server), and the tests that drive it. */
const serverTop = `^${server}(app|main|deps|testing|testing-network)\\.ts$|^${server}scenarios/`;
/** The HTTP edge and the jobs, with the edge's shared modules. */
const serverHttp = `^${server}(routes|middleware|jobs)/|^${server}(context|router|validation)\\.ts$`;
/** What stands on the engine: the HTTP edge, the jobs, and the process wiring. */
const serverEdge = `${serverHttp}|${serverTop}`;
/** Test files and test-only helpers (`testFile` below). */
const testNames = '\\.test\\.tsx?$|\\.test-d\\.ts$|(^|/)fixtures\\.ts$|\\.fixtures\\.ts$|(^|/)testing\\.ts$|test-setup\\.ts$';
/** The tests and fixtures of `layers` (their code is held by the layer rules themselves). */
const layerTest = (layers: string) => new RegExp(`^(?=.*(${testNames}))${server}(${layers})/`);
const atTheirLayer = {
  name: 'tests-at-their-layer',
  why: 'a test or fixture serves the layer it sits in: a test that needs the whole app (or a layer above) belongs to src/server/scenarios, which stands on the app',
  tests: true,
};
/** Code that runs in a browser; embed/webhooks, embed/testing and embed/server are the package's Node helpers. */
const browser = '^(src/(frames|components|client|checkout|protocol|elements)/|embed/(?!webhooks/|testing/|server/)|hosted-page/)';
/** The checkout's provider folders (src/checkout/providers/<name>/), read from the tree so a new one is held to its rule at once. */
const checkoutProviders = readdirSync(new URL('../../src/checkout/providers/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export const importRules: ImportRule[] = [
  {
    name: 'processor-beside-service',
    why: 'the sandbox processor is a provider of its own: it shares src/platform with the service and never imports src/server',
    from: /^sandbox-processor\//,
    to: /^src\/server\//,
    tests: true,
  },
  {
    name: 'platform-neutral',
    why: 'src/platform is what the service and the processor both stand on; it imports only itself',
    from: /^src\/platform\//,
    to: /^(?!src\/platform\/)/,
    tests: true,
  },
  {
    name: 'processor-through-its-door',
    why: 'the service reaches the sandbox processor only through its start function (index.ts) and the HTTP contract its adapter speaks (api.ts)',
    from: /^src\/server\//,
    to: /^sandbox-processor\/(?!(index|api)\.ts$)/,
    tests: false,
  },
  {
    name: 'demo-shop-is-a-merchant',
    why: 'the demo shop is a merchant: it talks to the service over HTTP like any other',
    from: /^demo\/shop\//,
    to: /^(src\/server|sandbox-processor)\//,
    tests: true,
  },
  {
    name: 'one-entry-starts-the-service',
    why: 'only the process entry (src/start.ts) starts the service; the demo shop is started beside it, never from inside',
    from: /^(?!src\/start\.ts$)/,
    to: /^src\/server\/main\.ts$/,
    tests: true,
  },
  {
    name: 'domain-is-the-floor',
    why: 'domain records and errors sit below the store, the processors and the engine',
    from: new RegExp(`^${server}domain/`),
    to: new RegExp(`^${server}(?!domain/)`),
    tests: false,
  },
  {
    name: 'base-modules-stand-alone',
    why: 'the clock, ids, log, serial and env modules are used by every layer, so they import no layer',
    from: new RegExp(`^${server}(clock|ids|log|serial|env)\\.ts$`),
    to: new RegExp(`^${server}(?!domain/)(?!(clock|ids|log|serial|env)\\.ts$)`),
    tests: false,
  },
  {
    name: 'store-below-engine',
    why: 'the store keeps domain records; it never reaches the engine, the processors or the HTTP edge',
    from: new RegExp(`^${server}store/`),
    to: new RegExp(`^${server}(engine|processors)/|${serverEdge}`),
    tests: false,
  },
  {
    name: 'processors-below-engine',
    why: 'provider adapters stand on domain records; the engine calls them, never the reverse',
    from: new RegExp(`^${server}processors/`),
    to: new RegExp(`^${server}(engine|store)/|${serverEdge}`),
    tests: false,
  },
  {
    name: 'providers-through-the-registry',
    why: 'a payment provider is one folder of src/server/processors, read through processors/registry.ts: nothing else (tests included) names a provider\'s module (docs/contributing.md, "Adding a processor")',
    from: new RegExp(`^(?!${server}processors/)`),
    // Any folder of processors/ is a provider's, but the store platforms' clients, which no provider owns.
    to: new RegExp(`^${server}processors/(?!stores/)[^/]+/`),
    tests: true,
  },
  {
    name: 'context-below-middleware',
    why: 'context.ts is what the edge shares (its Deps, the context variables, the rate limiter and idempotency contracts): the middleware, routes and jobs stand on it, so it imports none of them',
    from: new RegExp(`^${server}context\\.ts$`),
    to: new RegExp(`^${server}(middleware|routes|jobs)/`),
    tests: false,
  },
  {
    name: 'engine-below-edge',
    why: 'the engine speaks domain: it never sees a route, a middleware, the jobs or the process wiring',
    from: new RegExp(`^${server}engine/`),
    to: new RegExp(serverEdge),
    tests: false,
  },
  { ...atTheirLayer, from: layerTest('domain|store|processors|engine|middleware|routes'), to: new RegExp(serverTop) },
  // Each layer's own bound once more for its tests; the top is the entry above, so no import is reported twice.
  { ...atTheirLayer, from: layerTest('store'), to: new RegExp(`^${server}(engine|processors)/|${serverHttp}`) },
  { ...atTheirLayer, from: layerTest('engine'), to: new RegExp(serverHttp) },
  {
    name: 'domain-speaks-no-wire',
    why: 'domain records are the service\'s own words, not the wire\'s: src/api (zod wire schemas) shapes them at the edge; what both need is vocabulary (src/vocab)',
    from: new RegExp(`^${server}domain/`),
    to: /^src\/api\//,
    tests: false,
  },
  {
    name: 'server-not-browser',
    why: 'the service never runs browser code: it shares src/vocab, src/api, src/platform and the pure rules (src/card, src/buyer) with the browser, and takes its wording from src/vocab, not src/locales',
    from: new RegExp(`^${server}`),
    to: /^(src\/(locales|components|frames|checkout|client|protocol|elements)|embed|hosted-page)\//,
    tests: false,
  },
  {
    name: 'browser-not-server',
    why: 'browser code reaches the service over HTTP and postMessage only',
    from: new RegExp(browser),
    to: /^(src\/server|sandbox-processor)\//,
    tests: true,
  },
  {
    name: 'shared-src-not-apps',
    why: 'src/ holds what the apps share; the hosted page and the demo stand on it, not the reverse (src/start.ts, the process entry, starts the demo shop beside the service)',
    from: /^src\/(?!start\.ts$)/,
    to: /^(hosted-page|demo|e2e|bench)\//,
    tests: false,
  },
  {
    name: 'scripts-stand-on-top',
    why: 'scripts/ (build, check and cluster tools) stands on the code it runs; a test helper the code needs lives beside that code, and scripts import it from there',
    from: /^(src|sandbox-processor|embed|hosted-page|demo)\//,
    to: /^scripts\//,
    tests: true,
  },
  {
    name: 'protocol-below-frames',
    why: 'src/protocol is the only thing the merchant page and the frames both import',
    from: /^src\/protocol\//,
    to: /^(src\/(frames|components|client|checkout|elements)|embed|hosted-page)\//,
    tests: false,
  },
  {
    name: 'components-below-checkout',
    why: 'components are the building blocks: the checkout, the frames and the apps use them, never the reverse',
    from: /^src\/components\//,
    to: /^(src\/(client|checkout|frames)|embed|hosted-page|demo)\//,
    tests: false,
  },
  {
    name: 'checkout-below-frames',
    why: 'src/checkout is what the hosted page and the embedded checkout frame both run; it imports neither',
    from: /^src\/checkout\//,
    to: /^(src\/frames|embed|hosted-page|demo)\//,
    tests: false,
  },
  // One entry per provider folder (a pattern cannot say "another folder than the importer's"): the
  // folder may import itself, and its tests their own folder, but no other provider's.
  ...checkoutProviders.map((name) => ({
    name: 'checkout-providers-through-the-registry',
    why: 'the checkout reaches a provider only through src/checkout/providers/registry.ts: nothing outside the provider’s folder names it',
    from: new RegExp(`^(?!src/checkout/providers/(registry\\.ts$|${name}/))`),
    to: new RegExp(`^src/checkout/providers/${name}/`),
    tests: true,
  })),
  {
    name: 'vocab-is-the-floor',
    why: 'the vocabulary is zod-free and imports nothing but itself',
    from: /^src\/vocab\//,
    to: /^(?!src\/vocab\/)/,
    tests: false,
  },
];

/**
 * Test files and test-only helpers: a rule with `tests: false` lets them reach up to build the world
 * they test; below the top, `tests-at-their-layer` bounds them to their own layer.
 */
export const testFile = new RegExp(testNames);

/**
 * The engine's parts: a folder, or a file at the engine's top. Two parts never import each other
 * (tests aside): one stands on the other (issue 33: payments and sessions, payments and refunds,
 * events.ts and webhooks/, deps.ts and webhooks/ were tied, so none could be read alone).
 */
export const enginePart = /^src\/server\/engine\/([^/]+)/;

/** Folders whose top level holds at most `maxFolderFiles` files (Issue 16: the engine grouped by domain). */
export const countedFolders = /^src\/server\/engine(\/[^/]+)?$/;
export const maxFolderFiles = 12;

/** Source files (tests included) longer than this ask to be split (STYLE.md, habit 10). */
export const maxLines = 300;
export const measuredFile = /\.(ts|tsx|mts|js|mjs|cjs)$/;
/** Generated, never edited by hand (`npm run generate:client`): data, not a seam to split along. */
export const generatedFiles = new Set(['embed/server/openapi.d.ts']);
