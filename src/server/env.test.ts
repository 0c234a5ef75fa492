import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig: the addresses follow PORT (issue 36)', () => {
  it('PORT=7242 moves the address the banner shows and the one a processor alone sends its events to', () => {
    const config = loadConfig({ PORT: '7242' });
    expect([config.port, config.publicUrl, config.serviceUrl]).toEqual([7242, 'http://localhost:7242', 'http://localhost:7242']);
  });

  it('a processor alone sends its events to SVCPAY_SERVICE_URL, else where the CLI looks (SVCPAY_URL, SVCPAY_PUBLIC_URL)', () => {
    expect(loadConfig({ SVCPAY_SERVICE_URL: 'http://a.test/', SVCPAY_URL: 'http://b.test' }).serviceUrl).toBe('http://a.test');
    expect(loadConfig({ SVCPAY_URL: 'http://b.test/', SVCPAY_PUBLIC_URL: 'http://c.test' }).serviceUrl).toBe('http://b.test');
    // The service's own address is never SVCPAY_URL: that is where clients look, not where it listens.
    expect(loadConfig({ SVCPAY_URL: 'http://b.test/', SVCPAY_PUBLIC_URL: 'http://c.test' }).publicUrl).toBe('http://c.test');
  });
});
