import { describe, expect, it } from 'vitest';
import { processorDataPath } from './db.ts';

describe('processorDataPath', () => {
  it('puts the processor file beside the service file, and stays in memory with it', () => {
    expect(processorDataPath('.data/svcpay.sqlite')).toBe('.data/svcpay.sandbox-processor.sqlite');
    expect(processorDataPath('/var/lib/svc.pay/data')).toBe('/var/lib/svc.pay/data.sandbox-processor.sqlite');
    expect(processorDataPath(':memory:')).toBe(':memory:');
  });
});
