import { describe, expect, it } from 'vitest';
import { formatCardNumber } from '../../card/format.ts';
import { formatExpiry } from '../../card/expiry.ts';
import { reformat } from './caret.ts';

const number = (raw: string) => formatCardNumber(raw);

describe('reformat', () => {
  it('keeps the caret at the end while typing at the end', () => {
    expect(reformat('42424', 5, '4242', false, number)).toEqual({ text: '4242 4', caret: 6 });
  });

  it('keeps the caret after the same digit when typing in the middle', () => {
    // "4242 |4242" + "1" typed at offset 5
    const edit = reformat('4242 14242', 6, '4242 4242', false, number);
    expect(edit.text).toBe('4242 1424 2');
    expect(edit.caret).toBe(6);
  });

  it('removes the digit before a separator deleted with backspace', () => {
    // "4242 |4" backspace removes the space -> "42424"; the 4th digit goes instead.
    const edit = reformat('42424', 4, '4242 4', true, number);
    expect(edit.text).toBe('4244');
    expect(edit.caret).toBe(3);
  });

  it('lets backspace go through the expiry separator', () => {
    expect(reformat('12 /', 4, '12 / ', true, formatExpiry).text).toBe('12');
  });

  it('joins the digits around a deleted expiry separator', () => {
    const edit = reformat('12 /3', 4, '12 / 3', true, formatExpiry);
    expect(edit.text).toBe('13');
    expect(edit.caret).toBe(1);
  });

  it('adds the expiry separator when typing', () => {
    expect(reformat('12', 2, '1', false, formatExpiry)).toEqual({ text: '12 / ', caret: 5 });
  });
});
