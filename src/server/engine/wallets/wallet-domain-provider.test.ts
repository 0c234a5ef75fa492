import { describe, expect, it } from 'vitest';
import { sandboxAssociationFile } from './wallet-domain-provider.ts';
import { sandboxVerificationError } from '../../../vocab/wallet-domains.ts';

describe('sandbox verification', () => {
  it('fails only whole reserved names, not names that merely end in the same letters', () => {
    expect(sandboxVerificationError('shop.test', 'google_pay')).toMatch(/under \.test/);
    expect(sandboxVerificationError('pay.home.arpa', 'apple_pay')).toMatch(/RFC 8375/);
    for (const ok of ['shop.latest', 'mylocal.com', 'example.com', 'notexample', 'xarpa.home.com']) expect(sandboxVerificationError(ok, 'apple_pay'), ok).toBeNull();
  });
});

describe('association file', () => {
  it('is stable for one merchant and mode, differs across merchants and modes, and never shows the merchant id', () => {
    const file = sandboxAssociationFile('merchant-1', false);
    expect(sandboxAssociationFile('merchant-1', false)).toBe(file);
    expect(sandboxAssociationFile('merchant-1', true)).not.toBe(file);
    expect(sandboxAssociationFile('merchant-2', false)).not.toBe(file);
    expect(Buffer.from(file.trim(), 'hex').toString('utf8')).not.toContain('merchant-1');
  });
});
