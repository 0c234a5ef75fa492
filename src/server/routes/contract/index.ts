/**
 * The published contract (Doc 1, Capabilities and discovery): `GET /openapi.yaml`,
 * `GET /openapi.json` and `GET /llms.txt`, unauthenticated. The routes are fixed once the app
 * is composed, so all three are rendered on the first request and served from memory after.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { stringify } from 'yaml';
import type { Router } from '../../router.ts';
import { newRouter } from '../../router.ts';
import { buildDocument, type ContractDocument } from './document.ts';
import { renderLlmsTxt } from './llms-txt.ts';
import { security } from './security.ts';

interface Contract {
  document: ContractDocument;
  json: string;
  yaml: string;
  llms: string;
}

export function buildContract(app: Pick<Router, 'getOpenAPI31Document'>, publicUrl: string): Contract {
  const document = buildDocument(app, publicUrl);
  // No anchors, so every reader sees the whole document; YAML 1.1 quoting, so readers of either
  // YAML version keep `2026-04-14` and `yes` as strings, not a date and a boolean.
  const yaml = stringify(document, { aliasDuplicateObjects: false, version: '1.1' });
  return { document, json: JSON.stringify(document), yaml, llms: renderLlmsTxt(document) };
}

/** The media type each form is served with, and what its body is: JSON is the document itself. */
const media = (type: string) => ({ [type.split(';')[0]!]: { schema: type === 'application/json' ? z.object({}).passthrough() : z.string() } });
const text = (type: string, description: string) => ({ 200: { content: media(type), description } });

/** `app` is the composed application: its route registry is what the contract describes. */
export function contractRoutes(publicUrl: string, app: Pick<Router, 'getOpenAPI31Document'>) {
  const r = newRouter();
  let built: Contract | undefined;
  const contract = () => (built ??= buildContract(app, publicUrl));
  const serve = (body: string, type: string) => new Response(body, { status: 200, headers: { 'Content-Type': type } });

  const doc = (path: string, summary: string, description: string, type: string, pick: (c: Contract) => string) =>
    r.openapi(createRoute({ method: 'get', path, summary, description, tags: ['discovery'], security: security.none, responses: text(type, 'OK') }), () => serve(pick(contract()), type));

  const generate = 'No key. Generated from the schemas the routes validate with, so it cannot drift from what the service accepts and answers; the sandbox control API is never part of it.';
  doc('/openapi.yaml', 'This contract, OpenAPI 3.1.0 in YAML', `${generate} Feed it to a client generator or a validating proxy.`, 'application/yaml', (c) => c.yaml);
  doc('/openapi.json', 'This contract, OpenAPI 3.1.0 in JSON', `${generate} The same document as /openapi.yaml.`, 'application/json', (c) => c.json);
  doc('/llms.txt', 'The contract as plain text for language models: endpoints, keys, error codes and fixes', 'No key. The same contract and the error catalogue rendered as plain text, for an assistant or a language model writing an integration.', 'text/plain; charset=utf-8', (c) => c.llms);
  return r;
}
