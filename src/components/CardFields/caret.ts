/**
 * Reformatting an input while the buyer types, keeping the caret after the same digit it was
 * after. Formatting inserts spaces and " / ", so a raw caret offset would drift.
 */
export interface Edit {
  text: string;
  caret: number;
}

function digitsBefore(text: string, caret: number): number {
  let n = 0;
  for (let i = 0; i < caret && i < text.length; i++) if (/\d/.test(text[i] ?? '')) n++;
  return n;
}

/** Offset in `text` just after its `count`-th digit (0 -> before the first digit). */
function offsetAfterDigits(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i] ?? '') && ++seen === count) return i + 1;
  }
  return text.length;
}

/**
 * Applies `format` to what the input now holds. When a backspace removed only a separator between
 * digits (the digit count did not change), the digit before it goes too, as the buyer meant.
 */
export function reformat(
  raw: string,
  caret: number,
  previous: string,
  deletingBackward: boolean,
  format: (raw: string, deleting: boolean) => string,
): Edit {
  const digits = raw.replace(/\D/g, '');
  const before = digitsBefore(raw, caret);
  const separatorOnly = deletingBackward && raw.length < previous.length && digits === previous.replace(/\D/g, '');
  if (separatorOnly && before > 0 && before < digits.length) {
    const text = format(digits.slice(0, before - 1) + digits.slice(before), true);
    return { text, caret: offsetAfterDigits(text, before - 1) };
  }
  const text = format(raw, deletingBackward);
  return { text, caret: caret >= raw.length ? text.length : offsetAfterDigits(text, before) };
}
