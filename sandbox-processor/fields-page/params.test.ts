import { describe, expect, it } from 'vitest';
import { readParams } from './params.ts';

const hash = '#token=sbx_tok_abc&parentOrigin=http%3A%2F%2Flocalhost%3A4242&locale=fr';

describe('readParams', () => {
  it('reads token, parent origin and locale', () => {
    expect(readParams({ hash })).toEqual({ token: 'sbx_tok_abc', parentOrigin: 'http://localhost:4242', locale: 'fr' });
  });

  it('refuses a hash without token or with a bad origin', () => {
    expect(readParams({ hash: '#parentOrigin=http%3A%2F%2Flocalhost%3A4242' })).toBeNull();
    expect(readParams({ hash: '#token=t&parentOrigin=*' })).toBeNull();
    expect(readParams({ hash: '#token=t&parentOrigin=http%3A%2F%2Flocalhost%3A4242%2Fpay' })).toBeNull();
    expect(readParams({ hash: '#token=t&parentOrigin=javascript%3Aalert(1)' })).toBeNull();
  });

  it('requires the parent origin to be the configured service origin', () => {
    expect(readParams({ hash, bootJson: '{"serviceOrigin":"http://localhost:4242"}' })).not.toBeNull();
    expect(readParams({ hash, bootJson: '{"serviceOrigin":"http://evil.test"}' })).toBeNull();
    expect(readParams({ hash, bootJson: 'not json' })).toBeNull();
  });

  it('checks the browser record of the embedding origin when there is one', () => {
    expect(readParams({ hash, ancestorOrigins: ['http://localhost:4242'] })).not.toBeNull();
    expect(readParams({ hash, ancestorOrigins: ['http://evil.test'] })).toBeNull();
    expect(readParams({ hash, ancestorOrigins: [] })).not.toBeNull();
  });
});
