/**
 * zod/mini mirrors of the wire shapes the browser validates (src/api/checkout.ts,
 * src/api/processor.ts, src/api/wallets.ts). The server keeps the classic schemas (its OpenAPI generator needs them);
 * browser code imports these instead, because classic zod does not tree-shake and alone would
 * exceed a frame page's 25 KB budget. schemas.test.ts runs valid and invalid samples through
 * both sides and checks the inferred types are equal, so a change to one that misses the other
 * fails the suite.
 *
 * Issue messages here are zod/mini's generic ones: nothing shown to a buyer comes from them.
 *
 * One module per page that reads them (./schemas/*), so each page downloads only its own shapes:
 * a module lands in the chunk of the pages that import it. Browser code imports those modules;
 * this file gathers them for the tests and the server.
 */
export * from './schemas/charge.ts';
export * from './schemas/checkout.ts';
export * from './schemas/embed.ts';
export * from './schemas/processor.ts';
export * from './schemas/shared.ts';
export * from './schemas/wallets.ts';
