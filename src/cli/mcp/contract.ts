/**
 * The merchant contract, built here without a server, as `npm run generate:client` builds it: the
 * app is composed over a throwaway in-memory store and asked for the document `/openapi.json`
 * serves (routes/contract/document.ts). The MCP server's merchant tools are read from it, so a
 * route added to the contract is a tool at once. Nothing is written to stdout, which belongs to
 * the MCP transport: the app's logger is off.
 */
import { createApp } from '../../server/app.ts';
import { buildDeps } from '../../server/deps.ts';
import { loadConfig } from '../../server/env.ts';
import { createLogger } from '../../server/log.ts';
import { buildDocument, type ContractDocument } from '../../server/routes/contract/document.ts';

export async function merchantContract(): Promise<ContractDocument> {
  // Not the caller's environment: a database or processor it names is no business of a document.
  const config = loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_LOG: 'silent' });
  const { deps, store, sandbox } = await buildDeps(config, createLogger(false), { processorTransport: 'in-process' });
  try {
    return buildDocument(createApp(deps), config.publicUrl);
  } finally {
    sandbox?.close();
    await store.close();
  }
}
