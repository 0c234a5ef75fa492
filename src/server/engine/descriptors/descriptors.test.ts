import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptorFallbacks, descriptorSources } from '../../../vocab/descriptors.ts';
import { processorKinds } from '../../../vocab/processor-kinds.ts';
import { descriptorConnectionOf, resolveDescriptor, type DescriptorInput, type DescriptorSettings } from './descriptors.ts';

const INTENT = 'vpi_test_abcdefgh12345678';

const settings = (over: Partial<DescriptorSettings> = {}, suffix: Partial<DescriptorSettings['suffix']> = {}): DescriptorSettings => ({
  name: 'ACME',
  ...over,
  suffix: { source: 'order_id', fallback: 'skip', ...suffix },
});

const resolve = (over: Partial<DescriptorInput> = {}) =>
  resolveDescriptor({ settings: settings(), processor: 'sandbox', intentId: INTENT, metadata: { order_id: 'A1001' }, killSwitch: false, ...over });

const suffixOf = (over: Partial<DescriptorInput>) => {
  const r = resolve(over);
  if (r.kind !== 'suffix') throw new Error(`expected a suffix, got ${JSON.stringify(r)}`);
  return r.suffix;
};

const descriptorOf = (over: Partial<DescriptorInput>) => {
  const r = resolve({ processor: 'hosted_fields', ...over });
  if (r.kind !== 'descriptor') throw new Error(`expected a descriptor, got ${JSON.stringify(r)}`);
  return r.descriptor;
};

describe('resolveDescriptor: when nothing is sent', () => {
  it('skips with no_config when the merchant has no descriptor, whatever else holds', () => {
    expect(resolve({ settings: null })).toEqual({ kind: 'skipped', reason: 'no_config' });
    expect(resolve({ settings: null, killSwitch: true, processor: 'agent_hosted_fields' })).toEqual({ kind: 'skipped', reason: 'no_config' });
  });

  it('skips with kill_switch when passthrough is off platform-wide', () => {
    expect(resolve({ killSwitch: true })).toEqual({ kind: 'skipped', reason: 'kill_switch' });
    expect(resolve({ killSwitch: true, processor: 'hosted_fields' })).toEqual({ kind: 'skipped', reason: 'kill_switch' });
  });

  it.each(['agent_hosted_fields', 'none'] as const)('skips with binder_unsupported on %s', (processor) => {
    expect(resolve({ processor })).toEqual({ kind: 'skipped', reason: 'binder_unsupported' });
  });

  it('skips with no_config when the source value is missing and the fallback is skip', () => {
    expect(resolve({ metadata: {} })).toEqual({ kind: 'skipped', reason: 'no_config' });
    expect(resolve({ metadata: {}, processor: 'hosted_fields' })).toEqual({ kind: 'skipped', reason: 'no_config' });
  });

  it('skips with no_config on a suffix connection when the rule has no tail (source none)', () => {
    expect(resolve({ settings: settings({}, { source: 'none' }) })).toEqual({ kind: 'skipped', reason: 'no_config' });
  });

  it('skips with invalid_for_provider when a stored brand name breaks the rules', () => {
    for (const name of ['AC*ME', 'A"B', '', '   ', 'x'.repeat(23)]) {
      expect(resolve({ settings: settings({ name }) }), name).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
      expect(resolve({ settings: settings({ name }), processor: 'vault_hosted_fields' }), name).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
    }
  });

  it('never emits circuit_open, and never prints more than 22 printable ASCII characters', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const input = fc.record({
      settings: fc.option(
        fc.record({
          name: text,
          city: fc.option(text, { nil: undefined }),
          phone: fc.option(text, { nil: undefined }),
          suffix: fc.record({ source: fc.constantFrom(...descriptorSources), key: fc.constant('ref'), fallback: fc.constantFrom(...descriptorFallbacks), literal: text }),
        }),
        { nil: null },
      ),
      processor: fc.constantFrom(...processorKinds),
      intentId: text,
      metadata: fc.record({ order_id: fc.oneof(text, fc.integer(), fc.constant(null)), ref: text }),
      killSwitch: fc.boolean(),
    });
    fc.assert(
      fc.property(input, (i) => {
        const r = resolveDescriptor(i as DescriptorInput);
        if (r.kind === 'skipped') return r.reason !== 'circuit_open';
        // The estimated prefix is the name as printed: non-ASCII stripped, trimmed.
        const prefix = i.settings!.name.replace(/[^\x20-\x7E]/g, '').trim();
        const line = r.kind === 'suffix' ? `${prefix}* ${r.suffix}` : `${r.descriptor.name}* ${r.descriptor.description ?? ''}`;
        return line.length <= 22 && /^[\x20-\x7E]*$/.test(line);
      }),
      { numRuns: 300 },
    );
    // 300 generated inputs: well under a second alone, several on a machine busy with other suites.
  }, 30_000);
});

describe('resolveDescriptor: the tail', () => {
  it('reads metadata.order_id, metadata.subscription_id and metadata.customer_id for those sources', () => {
    const metadata = { order_id: 'ORD1', subscription_id: 'SUB2', customer_id: 'CUS3' };
    expect(suffixOf({ metadata })).toBe('ORD1');
    expect(suffixOf({ metadata, settings: settings({}, { source: 'subscription_id' }) })).toBe('SUB2');
    expect(suffixOf({ metadata, settings: settings({}, { source: 'customer_id' }) })).toBe('CUS3');
  });

  it('reads metadata[key] for a custom source', () => {
    expect(suffixOf({ metadata: { order_id: 'NO', campaign: 'SPRING' }, settings: settings({}, { source: 'custom', key: 'campaign' }) })).toBe('SPRING');
  });

  it('prints a numeric metadata value as its digits', () => {
    expect(suffixOf({ metadata: { order_id: 12345 } })).toBe('12345');
  });

  it('falls back to the last 8 characters of the intent id with pi_ref', () => {
    const pi = settings({}, { fallback: 'pi_ref' });
    for (const order_id of [undefined, '', '   ', 'ÉÉ', { nested: true }, null, true]) {
      expect(suffixOf({ settings: pi, metadata: { order_id } }), JSON.stringify(order_id)).toBe('12345678');
    }
  });

  it('falls back to the fixed text with literal', () => {
    expect(suffixOf({ settings: settings({}, { fallback: 'literal', literal: 'WEB ORDER' }), metadata: {} })).toBe('WEB ORDER');
  });

  it('hard-truncates the tail to what the prefix and separator leave of 22, without an ellipsis', () => {
    // 'ACME' + '* ' leaves 16.
    expect(suffixOf({ metadata: { order_id: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' } })).toBe('ABCDEFGHIJKLMNOP');
    expect(suffixOf({ metadata: { order_id: 'ABCDEFGHIJKLMNOP' } })).toBe('ABCDEFGHIJKLMNOP');
    // A 19-character name leaves exactly one.
    expect(suffixOf({ settings: settings({ name: 'N'.repeat(19) }), metadata: { order_id: 'XYZ' } })).toBe('X');
  });

  it('does not print the space the cut leaves at the end', () => {
    expect(suffixOf({ metadata: { order_id: 'ABCDEFGHIJKLMNO PQ' } })).toBe('ABCDEFGHIJKLMNO');
  });

  it('strips non-ASCII and control characters', () => {
    expect(suffixOf({ metadata: { order_id: 'Ör\tdér-12\u0007✓' } })).toBe('rdr-12');
  });

  it('skips with invalid_for_provider when no room is left for a tail on a suffix connection', () => {
    expect(resolve({ settings: settings({ name: 'N'.repeat(20) }) })).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
  });

  it('skips with invalid_for_provider when the tail holds a character processors refuse', () => {
    for (const order_id of ['A*1', 'A<1', 'A>1', 'A\\1', "A'1", 'A"1']) {
      expect(resolve({ metadata: { order_id } }), order_id).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
    }
  });

  it('gives card_element the same suffix as the sandbox processor (both prefix-and-suffix connections)', () => {
    expect(resolve({ processor: 'card_element' })).toEqual({ kind: 'suffix', suffix: 'A1001' });
    expect(resolve({ processor: 'sandbox' })).toEqual({ kind: 'suffix', suffix: 'A1001' });
  });
});

describe('resolveDescriptor: full descriptor connections', () => {
  const identity = { city: 'Springfield', country: 'us', phone: '+1 555-0100', url: 'acme.example', postalCode: '12345-6789' };

  it.each(['hosted_fields', 'vault_hosted_fields'] as const)('sends the whole descriptor on %s', (processor) => {
    expect(resolve({ processor, settings: settings(identity) })).toEqual({
      kind: 'descriptor',
      descriptor: { name: 'ACME', description: 'A1001', city: 'Springfield', country: 'US', phoneNumber: '+1 555-0100', url: 'acme.example', postalCode: '12345-6789' },
    });
  });

  it('sends null for identity fields that are not configured', () => {
    expect(descriptorOf({})).toEqual({ name: 'ACME', description: 'A1001', city: null, country: null, phoneNumber: null, url: null, postalCode: null });
  });

  it('keeps each field at its limit and drops it alone one character over', () => {
    const at = { city: 'C'.repeat(13), phone: '1'.repeat(14), url: 'u'.repeat(13), postalCode: 'P'.repeat(10) };
    expect(descriptorOf({ settings: settings(at) })).toMatchObject({ city: at.city, phoneNumber: at.phone, url: at.url, postalCode: at.postalCode });
    for (const [k, out] of [
      ['city', 'city'],
      ['phone', 'phoneNumber'],
      ['url', 'url'],
      ['postalCode', 'postalCode'],
    ] as const) {
      const over = { ...identity, [k]: `${at[k]}x` };
      const d = descriptorOf({ settings: settings(over) });
      expect(d[out], k).toBeNull();
      const kept = { ...d, [out]: null };
      expect(kept, k).toEqual({ ...descriptorOf({ settings: settings(identity) }), [out]: null });
    }
  });

  it('drops a field made of characters the processor refuses', () => {
    const d = descriptorOf({ settings: settings({ country: 'USA', phone: 'call us', url: 'a b.example', postalCode: '12*45', city: 'O"Hare' }) });
    expect(d).toMatchObject({ name: 'ACME', country: null, phoneNumber: null, url: null, postalCode: null, city: null });
  });

  it('truncates the description like a suffix and drops it alone when it cannot be printed', () => {
    expect(descriptorOf({ metadata: { order_id: 'ABCDEFGHIJKLMNOPQRS' } }).description).toBe('ABCDEFGHIJKLMNOP');
    expect(descriptorOf({ metadata: { order_id: 'A*1' } })).toMatchObject({ name: 'ACME', description: null });
    expect(descriptorOf({ settings: settings({ name: 'N'.repeat(21) }) })).toMatchObject({ name: 'N'.repeat(21), description: null });
    expect(descriptorOf({ settings: settings({}, { source: 'none' }) })).toMatchObject({ name: 'ACME', description: null });
  });
});

describe('descriptorConnectionOf', () => {
  it('names a connection for every processor kind', () => {
    expect(Object.fromEntries(processorKinds.map((k) => [k, descriptorConnectionOf(k)]))).toEqual({
      card_element: 'suffix',
      sandbox: 'suffix',
      hosted_fields: 'descriptor',
      vault_hosted_fields: 'descriptor',
      agent_hosted_fields: 'unsupported',
      none: 'unsupported',
    });
  });
});
