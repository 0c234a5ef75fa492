import { describe, expect, it } from 'vitest';
import { newId } from '../server/ids.ts';
import { apiKeyShape, idPrefixes, publishableKeyShape, sessionIdShape } from './keys.ts';

describe('identifier and key shapes', () => {
  it.each([false, true])('mints ids with the prefixes of Doc 1 (livemode %s)', (livemode) => {
    for (const kind of Object.keys(idPrefixes) as Array<keyof typeof idPrefixes>) {
      expect(newId[kind](livemode).startsWith(`${idPrefixes[kind]}${livemode ? 'live' : 'test'}_`), kind).toBe(true);
    }
  });

  it.each([false, true])('accepts the keys and session ids it mints (livemode %s)', (livemode) => {
    expect(newId.secretKey(livemode)).toMatch(apiKeyShape);
    expect(newId.publishableKey(livemode)).toMatch(apiKeyShape);
    expect(newId.publishableKey(livemode)).toMatch(publishableKeyShape);
    expect(newId.session(livemode)).toMatch(sessionIdShape);
  });

  it('keeps a secret key out of the browser and other ids out of auth', () => {
    expect(newId.secretKey(false)).not.toMatch(publishableKeyShape);
    for (const id of [newId.session(false), newId.paymentIntent(false), newId.event(false), 'vp_xx_test_abcdefgh']) expect(id).not.toMatch(apiKeyShape);
  });
});
