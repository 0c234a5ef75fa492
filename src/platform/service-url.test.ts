import { describe, expect, it } from 'vitest';
import { ownServiceAddress, serviceAddress } from './service-url.ts';

describe('the service address (issue 36)', () => {
  it('is SVCPAY_URL, else SVCPAY_PUBLIC_URL, else http://localhost:$PORT, else :4242, naming what chose it', () => {
    const all = { SVCPAY_URL: 'http://a.test/', SVCPAY_PUBLIC_URL: 'https://b.test//', PORT: '7242' };
    expect(serviceAddress(all)).toEqual({ url: 'http://a.test', from: 'SVCPAY_URL' });
    expect(serviceAddress({ ...all, SVCPAY_URL: undefined })).toEqual({ url: 'https://b.test', from: 'SVCPAY_PUBLIC_URL' });
    expect(serviceAddress({ PORT: '7242' })).toEqual({ url: 'http://localhost:7242', from: 'PORT' });
    expect(serviceAddress({})).toEqual({ url: 'http://localhost:4242', from: 'default' });
  });

  it('reads a blank variable as unset', () => {
    expect(serviceAddress({ SVCPAY_URL: ' ', SVCPAY_PUBLIC_URL: '', PORT: '' })).toEqual({ url: 'http://localhost:4242', from: 'default' });
  });

  it('is, for the server itself, never SVCPAY_URL: that names where a client looks, not where this process listens', () => {
    expect(ownServiceAddress({ SVCPAY_URL: 'http://elsewhere.test', PORT: '7242' })).toEqual({ url: 'http://localhost:7242', from: 'PORT' });
  });
});
