/** Test harness: the whole app over an in-memory store, driven through `app.request`. */
import { createApp } from './app.ts';
import { buildDeps } from './deps.ts';
import { loadConfig } from './env.ts';
import { createLogger } from './log.ts';
import { createMerchant, type NewMerchant } from './engine/merchants.ts';

export const SERVICE = 'http://localhost:4242';

export function testApp(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_LOG: 'info', ...env });
  const { deps, sandbox } = buildDeps(config, createLogger(true, (l) => lines.push(l)), { processorTransport: 'in-process' });
  const app = createApp(deps);
  const merchant = (input: NewMerchant = {}) => createMerchant(deps, input);
  const json = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { app, deps, sandbox, merchant, json, logLines: lines };
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
