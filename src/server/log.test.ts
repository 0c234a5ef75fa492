/** What the logger masks: card numbers and CVCs never reach a log line. The line buffer is in log-buffer.test.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubCardData, scrubFields } from './log.ts';

const PAN = '4242424242424242';

/** A logger whose lines land in an array; `body` drops the timestamp so its digits never count. */
function capture() {
  const lines: string[] = [];
  const log = createLogger(true, (l) => lines.push(l));
  const body = () => lines.map((l) => l.slice(l.indexOf(' ') + 1)).join('\n');
  return { log, lines, body };
}
const digitsOf = (s: string) => s.replace(/\D/g, '');

describe('card numbers never reach a log line', () => {
  const shapes = [
    '4242 4242 4242 4242',
    '4242.4242.4242.4242',
    '4242-4242-4242-4242',
    '4242_4242_4242_4242',
    '4242/4242/4242/4242',
    '4242 - 4242.4242_4242',
    '4242\t4242\n4242 / 4242',
    'abc4242424242424242xyz',
    'card4242424242424242',
    '42 42 42 42 42 42 42 42',
    '4242424242424242123', // 19 digits
    '42424242424242421234567', // a card number glued to more digits
  ];

  it.each(shapes)('masks %j in the message, a field, a nested field and a JSON string field', (shape) => {
    const { log, lines, body } = capture();
    log.info(`charge failed for ${shape}`, { note: shape, nested: { deep: [shape] }, raw: JSON.stringify({ card: shape }) });
    expect(lines).toHaveLength(1);
    expect(digitsOf(body())).not.toContain('42424242');
    expect(body()).toContain('[redacted]');
  });

  it('masks a card number sent as a JSON number, as a field and inside serialised text', () => {
    const { log, body } = capture();
    log.warn(`report ${JSON.stringify({ n: Number(PAN) })}`, { n: Number(PAN), big: 4242424242424242424242, list: [4242, 4242, 4242, 4242] });
    expect(digitsOf(body())).not.toContain('4242424');
    expect(body()).not.toMatch(/4\.24242/);
  });

  it('masks a card number in a field name', () => {
    const { log, body } = capture();
    log.info('x', { [PAN]: true });
    expect(body()).not.toContain(PAN);
  });
});

describe('CVCs and card-number keys', () => {
  const keys = ['cvc', 'cvv', 'cvc2', 'cvv2', 'csc', 'cid', 'securityCode', 'security_code', 'card_code', 'cardCode', 'CVC', 'Cvv2', 'cardCvc', 'number', 'pan', 'cardNumber', 'card_number', 'pin'];
  const values: unknown[] = ['4821', 4821, ['4821'], { v: '4821' }, [{ deeper: 4821 }]];

  it.each(keys)('drops the value under %j whatever its type or nesting', (key) => {
    const { log, body } = capture();
    for (const v of values) log.error('card form state', { form: { card: { [key]: v } }, list: [{ [key]: v }], [key]: v });
    expect(body()).not.toContain('4821');
    expect(body()).toContain(`"${key}":"[redacted]"`);
  });

  it.each(['cvc: 4821', 'cvc=4821&x=1', 'CVV 4821', 'securityCode:"4821"', '{"cvv":"4821"}', 'card.cvc = 4821'])('masks %j in free text', (text) => {
    const { log, body } = capture();
    log.info(`client said ${text}`, { text, json: JSON.stringify({ text }) });
    expect(body()).not.toContain('4821');
  });
});

describe('every card-data name the scrubber promises', () => {
  // Each name of SENSITIVE_NAMES, spelled as a client might; values too short to be a card number,
  // so only the name can mask them.
  const names = ['cardCsc', 'card_pin', 'pinBlock', 'CCN', 'ccNum', 'primary_account_number', 'accountNumber', 'track1', 'track2', 'track_data', 'magStripe'];

  it.each(names)('drops the value under %j as a field and after it in free text', (name) => {
    const { log, body } = capture();
    log.info(`client said ${name}=77aa&next=1`, { [name]: 'zz9', nested: [{ [name]: 'zz9' }] });
    expect(body()).not.toMatch(/zz9|77aa/);
    expect(body()).toContain('next=1');
  });
});

describe('free text: the name decides, and a masked line stays as it is', () => {
  it('masks only the values of card-data names, keeping the others', () => {
    expect(scrubCardData('cvc: 123 amount: 1000 retries: 2')).toBe('cvc: [redacted] amount: 1000 retries: 2');
  });

  it('masks a value after several spaces', () => {
    expect(scrubCardData('cvv   4821')).toBe('cvv   [redacted]');
  });

  it('writes a masked field once: the line scrub does not mask `[redacted]` again', () => {
    const { log, body } = capture();
    log.info('form', { cvc: '4821' });
    expect(body()).toBe('info form {"cvc":"[redacted]"}');
    expect(scrubCardData('cvc=[redacted]')).toBe('cvc=[redacted]');
  });

  // The pre-check that lets ordinary lines skip the full scan must not skip these.
  it.each([
    ['spaces between groups', '4242 4242 4242 4242'],
    ['JSON escapes between groups', String.raw`4242\n4242\t4242\r4242`],
    ['a \\u escape ending in a hex letter', String.raw`4242\u00ad4242\u00ad4242\u00ad4242`],
  ])('masks a card number with %s', (_, text) => {
    expect(scrubCardData(`pay ${text} now`)).toBe('pay [redacted] now');
  });
});

describe('structured fields keep their shape', () => {
  it('writes a Date as its ISO text and a cycle as [circular], masking the rest', () => {
    const cyclic: Record<string, unknown> = { note: PAN };
    cyclic.self = cyclic;
    expect(scrubFields({ at: new Date(0), cyclic })).toEqual({ at: '1970-01-01T00:00:00.000Z', cyclic: { note: '[redacted]', self: '[circular]' } });
  });

  it('writes nothing when logging is off, and each line carries its level', () => {
    const off: string[] = [];
    createLogger(false, (l) => off.push(l)).error('boom', { a: 1 });
    expect(off).toEqual([]);
    const { log, body } = capture();
    log.info('a');
    log.warn('b');
    log.error('c', { n: 1 });
    expect(body()).toBe('info a\nwarn b\nerror c {"n":1}');
  });
});

describe('ordinary content survives', () => {
  it('keeps ids, timestamps, request ids, UUIDs and short numbers as written', () => {
    const { log, lines } = capture();
    const kept = ['vp_cs_test_a1B2c3D4e5F6g7H8', 'vpi_test_123abc456def789ghi012jkl', '2026-11-23T11:23:57.123Z', 'req_aB3dE5fG7hI9jK1lM3nO', '123e4567-e89b-12d3-a456-426614174000', '12345678-1234-4123-a123-123456789012'];
    log.info(`POST /v1/sessions/${kept[0]} 201`, { ids: kept, amount: 2500, ms: 12, attempt: 3, unix: 1795000000, expMonth: 12, expYear: 2040 });
    for (const k of kept) expect(lines[0]).toContain(k);
    expect(lines[0]).toContain('"amount":2500,"ms":12,"attempt":3,"unix":1795000000,"expMonth":12,"expYear":2040');
    expect(lines[0]).not.toContain('[redacted]');
  });

  it('does not read bare letters as separators: 12 digits split by `n`, `t`, `b`, `r`, `f` are not a run', () => {
    expect(scrubCardData('id 4n2t4b2n4r2f4n2t4b2n4r2f then 4242424242424242')).toBe('id 4n2t4b2n4r2f4n2t4b2n4r2f then [redacted]');
  });

  it('masks a run longer than 19 digits whole: it may be a card number glued to other digits', () => {
    expect(scrubCardData('ref 1234567424242424242424242 end')).toBe('ref [redacted] end');
  });

  it('scrubs a pathological 4 KB report in linear time (runs of backslashes between digits)', () => {
    const text = ('1' + '\\'.repeat(300)).repeat(13);
    const started = performance.now();
    scrubCardData(text);
    scrubFields({ text, cvc: text });
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('masks a UUID-shaped run with no hex letter, which could be a card number', () => {
    expect(scrubCardData('42424242-4242-4242-4242-424242424242')).toBe('[redacted]');
  });

  it('keeps structured output valid JSON when a split number masks a whole list', () => {
    const out = scrubFields({ a: ['4242', '4242', '4242', '4242'], b: 'kept' });
    expect(out).toEqual({ a: '[redacted]', b: 'kept' });
  });
});

describe('property: a card number in any shape never survives', () => {
  const sep = fc.string({ unit: fc.constantFrom(' ', '.', '-', '_', '/', '\\', ':', '|', ',', '\t', '\n', '"', "'", '(', ')', '+', '*', '#', '='), minLength: 1, maxLength: 3 });
  const glue = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ'), maxLength: 5 });
  const shaped = fc
    .tuple(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 19 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 19 }), fc.array(sep, { minLength: 19, maxLength: 19 }), glue, glue)
    .map(([digits, sizes, seps, before, after]) => {
      let text = '';
      let i = 0;
      for (const [n, size] of sizes.entries()) {
        if (i >= digits.length) break;
        text += (n > 0 ? seps[n]! : '') + digits.slice(i, i + size);
        i += size;
      }
      text += digits.slice(i);
      return { digits, text: before + text + after };
    });

  it('scrubCardData leaves no digit of it', () => {
    fc.assert(
      fc.property(shaped, ({ text }) => {
        expect(scrubCardData(text)).not.toMatch(/\d/);
      }),
      { numRuns: 2000 },
    );
  });

  it('a log line carries none of its digits, in the message or in the fields', () => {
    fc.assert(
      fc.property(shaped, ({ digits, text }) => {
        const { log, body } = capture();
        log.info(`error: ${text}`, { text, nested: { list: [text] }, json: JSON.stringify({ text }) });
        expect(digitsOf(body())).not.toContain(digits.slice(0, 12));
      }),
      { numRuns: 1000 },
    );
  });

  it('a card number as a JSON number never survives', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 11n, max: 10n ** 19n - 1n }), (n) => {
        const { log, body } = capture();
        log.info('x', { n: Number(n), big: n });
        expect(body()).not.toMatch(/\d{4}/);
      }),
      { numRuns: 500 },
    );
  });
});
