/**
 * Every Unicode decimal digit (`\p{Nd}`) as its ASCII digit: a card number typed in full-width
 * (`４２４２…`), Arabic-Indic, Devanagari or a mix of scripts is the same card number, and the checks
 * that keep card data out of buyer details and rule tags read it so (issue 32, finding 6).
 *
 * Unicode lays each script's digits out as contiguous runs of ten, zero first (some scripts, such as
 * the mathematical digits, put several runs back to back), so a digit's value is its distance from
 * the start of its stretch of digits, modulo ten.
 */
const ND = /\p{Nd}/u;
const isNd = (cp: number) => ND.test(String.fromCodePoint(cp));

function valueOf(cp: number): number {
  let start = cp;
  while (isNd(start - 1)) start--;
  return (cp - start) % 10;
}

export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    return cp <= 57 ? d : String(valueOf(cp));
  });
}
