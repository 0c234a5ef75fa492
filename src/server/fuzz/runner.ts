/**
 * Turns a generated plan into a request against the world, sends it and checks the three rules
 * every answer keeps (brief; Doc 1, Errors): no 5xx the contract does not document, every refusal
 * in the error envelope, and a refused request leaves both databases exactly as they were.
 */
import fc from 'fast-check';
import { ErrorEnvelope } from '../../api/errors.ts';
import { SERVICE, bearer, fromIp } from '../testing.ts';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.ts';
import { bodyMutation, extraHeaders, oddQuery, keyCase, scheme, type BodyMutation, type KeyCase } from './mutations.ts';
import type { RouteSpec, Target } from './route-spec.ts';
import { specKey } from './routes.ts';
import type { World } from './world.ts';

export interface Plan {
  spec: RouteSpec;
  target: Target | undefined;
  body: unknown;
  query: string;
  mutation?: BodyMutation;
  key: KeyCase;
  scheme?: (key: string) => string;
  extra: Record<string, string>;
  ip: string;
}

export interface Tally {
  total: number;
  ok: number;
  refused: number;
  /** Refusal codes seen, to tell a route that only ever fails validation. */
  codes: Record<string, number>;
}

/** Valid plans: the route's own key, origin and a body its schema accepts. */
export function validPlan(spec: RouteSpec, refs: Record<string, JsonSchema>): fc.Arbitrary<Plan> {
  const body: fc.Arbitrary<unknown> = spec.schema ? arbitraryOf(spec.schema, { refs, hints: spec.hints, required: spec.required }) : fc.constant(undefined);
  // The first target is the one a valid request uses most; the others are other states.
  const target = spec.targets ? fc.oneof({ weight: 3, arbitrary: fc.constant(spec.targets[0]!) }, fc.constantFrom(...spec.targets)) : fc.constant(undefined);
  return fc
    .record({
    spec: fc.constant(spec),
    target,
    body,
    query: spec.query ?? fc.constant(''),
    key: fc.constant<KeyCase>('right'),
    extra: fc.constant({}),
    // Spread over addresses so per-IP limits, when on, do not stop everything at once.
    ip: fc.integer({ min: 1, max: 250 }).map((n) => `198.51.100.${n}`),
  })
    .map(printable);
}

export const mutatedPlan = (valid: fc.Arbitrary<Plan>) =>
  fc.tuple(valid, bodyMutation, fc.option(oddQuery, { nil: undefined, freq: 4 })).map(([p, mutation, query]) => printable({ ...p, mutation, query: query ?? p.query }));

export const headerPlan = (valid: fc.Arbitrary<Plan>) =>
  fc
    .tuple(valid, keyCase, fc.option(scheme, { nil: undefined }), fc.option(extraHeaders, { nil: undefined, freq: 2 }))
    .map(([p, key, s, extra]) => printable({ ...p, key, scheme: s, extra: extra ?? {} }));

/** fast-check prints a counterexample with this: the route and choices, not the schema objects. */
function printable(p: Plan): Plan {
  const shown = () => ({ route: specKey(p.spec), target: p.target, query: p.query, key: p.key, scheme: p.scheme?.('KEY'), mutation: p.mutation?.name, extra: p.extra, ip: p.ip, body: p.body });
  return Object.assign(p, { [fc.toStringMethod]: () => JSON.stringify(shown()).slice(0, 2000) });
}

function keyFor(w: World, spec: RouteSpec, c: KeyCase, pick: number): string | undefined {
  const k = w.keys;
  const right = spec.key === 'publishable' ? k.publishable : spec.key === 'either' && pick % 2 ? k.publishable : k.secret;
  switch (c) {
    case 'right':
      return spec.key === 'none' ? undefined : right;
    case 'none':
      return undefined;
    case 'wrong-type':
      return right === k.secret ? k.publishable : k.secret;
    case 'live':
      return right === k.secret ? k.liveSecret : k.livePublishable;
    case 'expired':
      return right === k.secret ? k.expiredSecret : k.expiredPublishable;
    case 'inactive':
      return k.inactiveSecret;
    case 'no-processor':
      return k.noProcessorSecret;
    case 'other-merchant':
      return right === k.secret ? k.otherSecret : k.otherPublishable;
    case 'malformed':
      return right.slice(0, 12) + '!!';
    case 'too-long':
      return right + 'A'.repeat(300);
  }
}

/**
 * An id that names nothing, in turn as typed, with a NUL in it, and with a NUL alone (percent-encoded,
 * as a client sends it): a store that cannot hold the NUL must still answer not found (issue 37).
 */
let bogusTurn = 0;
const bogus = (id: string) => [id, `${id}%00`, '%00'][bogusTurn++ % 3]!;

async function resolveTarget(w: World, target: Target | undefined): Promise<{ param?: string; session?: string; tx?: string }> {
  const { sessions } = w;
  switch (target) {
    case undefined:
      return {};
    case 'fresh-hosted':
      return { param: await sessions.create({}) };
    case 'fresh-elements':
      return { param: await sessions.create({ integrationMode: 'elements', chargeAtSubmit: true }) };
    case 'paid': {
      const { sessionId, transactionId } = await sessions.paidOnProcessor();
      return { param: sessionId, tx: transactionId };
    }
    case 'used':
      return { param: sessions.used[sessions.used.length - 1]! };
    case 'foreign':
      return { param: sessions.foreign };
    case 'live':
      return { param: sessions.live };
    case 'bogus':
      return { param: bogus('vp_cs_test_doesnotexist') };
    case 'scratch-merchant':
      return { param: (await w.t.merchant()).merchant.id };
    case 'unknown-merchant':
      return { param: 'mer_unknown' };
    case 'asset':
      return { param: w.asset };
    case 'frame':
      return { param: 'field.html' };
    case 'script':
      return { param: 'svcpay-challenge.js' };
    case 'unknown-path':
      return { param: 'not/a/route' };
    case 'apple-domain':
      return { param: await w.walletDomain('apple_pay') };
    case 'google-domain':
      return { param: await w.walletDomain('google_pay') };
    case 'bogus-domain':
      return { param: bogus('vp_wd_test_doesnotexist') };
    case 'buyer':
      return { param: await w.buyer() };
    case 'foreign-buyer':
      return { param: w.foreignBuyer };
    case 'bogus-buyer':
      return { param: bogus('vp_by_test_doesnotexist') };
    case 'token':
      return { param: await w.token() };
    case 'foreign-token':
      return { param: w.foreignToken };
    case 'bogus-token':
      return { param: bogus('vp_pmt_test_doesnotexist') };
    case 'held-intent':
      return { param: await w.intent('manual') };
    case 'paid-intent':
      return { param: await w.intent('automatic') };
    case 'foreign-intent':
      return { param: w.foreignIntent };
    case 'bogus-intent':
      return { param: bogus('vpi_test_doesnotexist') };
    case 'gateway':
      return { param: 'sandbox' };
    case 'webhook-subscription':
      return { param: await w.webhookSubscription() };
    case 'bogus-subscription':
      return { param: bogus('vp_whs_test_doesnotexist') };
    case 'webhook-event':
      return { param: await w.webhookEvent() };
    case 'bogus-event':
      return { param: bogus('vp_evt_test_doesnotexist') };
    case 'refundable': {
      const { intentId, vpTxId } = await w.refundable();
      return { param: intentId, tx: vpTxId };
    }
  }
}

const fill = (v: unknown, ids: { session?: string; tx?: string }): unknown => {
  if (v === '$SESSION') return ids.session ?? 'vp_cs_test_missing';
  if (v === '$TX') return ids.tx ?? 'vp_tx_test_missing';
  if (Array.isArray(v)) return v.map((x) => fill(x, ids));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, ids)]));
  return v;
};

export interface Outcome {
  status: number;
  code: string;
  label: string;
}

/** Sends one plan and checks the rules; throws with everything needed to replay it. */
export async function run(w: World, plan: Plan, documented: (key: string, status: number) => boolean): Promise<Outcome> {
  const { spec } = plan;
  const ids = await resolveTarget(w, plan.target);
  if (ids.param && (plan.target?.startsWith('fresh') || plan.target === 'paid')) w.sessions.used.push(ids.param);
  const session = ids.param;
  const path = spec.path.replace(/:\w+(\{[^}]*\})?|\*/, session ?? '').replace(/:\w+/g, 'x');
  const method = spec.method === 'ALL' ? 'POST' : spec.method;
  const body = fill(plan.body, { session, tx: ids.tx });
  const sent = plan.mutation ? plan.mutation.apply(body) : { raw: body === undefined ? undefined : JSON.stringify(body) };

  const headers = new Headers();
  const key = keyFor(w, spec, plan.key, plan.ip.length);
  const authorization = key === undefined ? (plan.scheme && plan.key === 'none' ? plan.scheme('') : undefined) : (plan.scheme ?? ((k: string) => `Bearer ${k}`))(key);
  if (authorization !== undefined) headers.set('Authorization', authorization);
  if (spec.sameOrigin) headers.set('Origin', SERVICE);
  const contentType = sent.contentType === undefined ? (method === 'GET' ? null : 'application/json') : sent.contentType;
  if (contentType !== null) headers.set('Content-Type', contentType);
  for (const [k, v] of Object.entries(plan.extra)) {
    try {
      headers.set(k, v);
    } catch {
      // Not a value any HTTP client can send (the Headers API refuses it); nothing to test.
    }
  }
  const label = `${specKey(spec)} -> ${method} ${path}${plan.query} target=${plan.target} key=${plan.key} mutation=${plan.mutation?.name ?? 'none'} headers=${JSON.stringify(Object.fromEntries(headers))} body=${(sent.raw ?? '').slice(0, 300)}`;

  // Absorb what setting up the target wrote, so only the request's own writes are compared.
  await w.watch.service.sync();
  w.watch.sandbox.sync();
  // The control API answers only to this machine: its calls come from loopback (every address counts the same there).
  const ip = path.startsWith('/_sandbox') ? '127.0.0.1' : plan.ip;
  const res = await w.t.app.request(`${path}${plan.query}`, { method, headers, body: method === 'GET' ? undefined : sent.raw }, fromIp(ip));
  const text = await res.text();
  // A fault a (mutated) body armed is checked here and disarmed: it would slow every later request.
  if (path.startsWith('/_sandbox/faults')) w.t.sandbox.faults.clear();
  // So is the write-freeze a (mutated) body switched on ({ on: true } is one of the wrong values a
  // mutation tries): left on, every later write of the run would answer 503 and test nothing else.
  if (path.startsWith('/_sandbox/write_freeze')) w.t.deps.writeFreeze.on = false;
  const type = res.headers.get('content-type') ?? '';
  const why = (rule: string) => `${rule}\n  request: ${label}\n  answer: ${res.status} ${type} ${text.slice(0, 400)}`;

  if (res.status >= 500 && !([502, 503].includes(res.status) && documented(specKey(spec), res.status))) throw new Error(why('an answer of 500 or more the contract does not document'));
  // Doc 1, Rate limits: a 429 says when to come back.
  if (res.status === 429 && !/^\d+$/.test(res.headers.get('retry-after') ?? '')) throw new Error(why('a 429 without Retry-After'));
  if (plan.mutation?.mustRefuse && spec.schema && res.status < 400) throw new Error(why('a body no strict schema takes was accepted'));
  if (res.status >= 400 && res.status < 500) {
    const own = spec.ownErrorShape?.(res.status, type, text) ?? false;
    if (!own && !(type.startsWith('application/json') && ErrorEnvelope.safeParse(JSON.parse(text)).success)) throw new Error(why('a 4xx without the error envelope'));
  }
  const changed = [...(await w.watch.service.sync()).map((r) => `service ${r}`), ...w.watch.sandbox.sync().map((r) => `sandbox ${r}`)];
  if (res.status >= 300) {
    if (changed.length) throw new Error(why(`a refused request changed the store: ${changed.join('; ')}`));
  }
  const code = res.status >= 300 && type.startsWith('application/json') ? String((JSON.parse(text) as { code?: unknown }).code ?? res.status) : String(res.status);
  return { status: res.status, code, label };
}

export function tally(into: Map<string, Tally>, key: string, { status, code }: Outcome) {
  const t = into.get(key) ?? { total: 0, ok: 0, refused: 0, codes: {} };
  t.total++;
  if (status < 300) t.ok++;
  else {
    t.refused++;
    t.codes[code] = (t.codes[code] ?? 0) + 1;
  }
  into.set(key, t);
}
