import { describe, expect, it } from 'vitest';
import { areaOfUrl, summarise, type CpuProfile } from './profile-summary.ts';

const ROOT = '/repo';
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

/**
 * root -> listener (node http) -> handler (svcpay routes) -> insert (svcpay store) -> run (native)
 *                                                         -> JSON.stringify (native)
 *      -> (garbage collector), (idle)
 */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 7, 8] },
    { id: 2, callFrame: frame('listener', 'node:_http_server'), children: [3] },
    { id: 3, callFrame: frame('handler', 'file:///repo/src/server/routes/sessions/index.ts'), children: [4, 6] },
    { id: 4, callFrame: frame('insert', 'file:///repo/src/server/store/sessions.ts'), children: [5] },
    { id: 5, callFrame: frame('run'), children: [] },
    { id: 6, callFrame: frame('stringify'), children: [] },
    { id: 7, callFrame: frame('(garbage collector)'), children: [] },
    { id: 8, callFrame: frame('(idle)'), children: [] },
  ],
  // Deltas in microseconds, each charged to the sample it ends at.
  samples: [2, 3, 4, 5, 5, 6, 7, 8],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 3000],
};

describe('areaOfUrl', () => {
  it('names packages, scoped packages, svcpay folders and node internals', () => {
    expect(areaOfUrl('file:///repo/node_modules/hono/dist/compose.js', ROOT)).toBe('hono');
    expect(areaOfUrl('file:///repo/node_modules/@hono/node-server/dist/index.mjs', ROOT)).toBe('@hono/node-server');
    expect(areaOfUrl('file:///repo/node_modules/a/node_modules/zod/v4/core/schemas.js', ROOT)).toBe('zod');
    expect(areaOfUrl('file:///repo/src/server/middleware/auth.ts', ROOT)).toBe('svcpay middleware');
    expect(areaOfUrl('file:///repo/src/server/app.ts', ROOT)).toBe('svcpay app');
    expect(areaOfUrl('node:internal/deps/undici/undici', ROOT)).toBe('undici (fetch, Request/Response/Headers)');
    expect(areaOfUrl('node:_http_outgoing', ROOT)).toBe('node http/net/streams');
    expect(areaOfUrl('node:internal/abort_controller', ROOT)).toBe('node AbortController/EventTarget');
    expect(areaOfUrl('', ROOT)).toBeNull();
  });
});

describe('summarise', () => {
  const s = summarise(profile, ROOT);
  const area = (name: string) => s.areas.find((a) => a.area === name);

  it('leaves idle time out of the busy total', () => {
    expect(s.totalMs).toBe(10);
    expect(s.busyMs).toBe(7);
    expect(area('idle')).toBeUndefined();
  });

  it('charges native statement calls under the store to sqlite, other natives to their caller', () => {
    expect(area('sqlite (native)')).toEqual({ area: 'sqlite (native)', selfMs: 2, inclusiveMs: 2 });
    expect(area('svcpay routes')).toEqual({ area: 'svcpay routes', selfMs: 2, inclusiveMs: 5 });
  });

  it('counts a sample once per area on its stack for inclusive time', () => {
    expect(area('node http/net/streams')).toEqual({ area: 'node http/net/streams', selfMs: 1, inclusiveMs: 6 });
    expect(area('svcpay store')).toEqual({ area: 'svcpay store', selfMs: 1, inclusiveMs: 3 });
    expect(area('GC')).toEqual({ area: 'GC', selfMs: 1, inclusiveMs: 1 });
  });

  it('ranks functions by self time', () => {
    expect(s.functions[0]).toMatchObject({ name: 'run', area: 'sqlite (native)', selfMs: 2 });
  });

  it('skips the start of the profile when asked', () => {
    const later = summarise(profile, ROOT, 4);
    expect(later.busyMs).toBe(3);
    expect(later.areas.find((a) => a.area === 'svcpay store')).toEqual({ area: 'svcpay store', selfMs: 0, inclusiveMs: 1 });
  });
});
