/**
 * The server's logger: one line per event, never a request body. Card data is masked before
 * anything is written, as a second line of defence (Doc 3, Public endpoints the field frames call:
 * card data goes only to the charge route): structured fields by key before they are serialised,
 * then the whole line by pattern.
 */
import { write as fsWrite, writeSync } from 'node:fs';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export const REDACTED = '[redacted]';

/*
 * Where the line is for long digit runs: every run of 12 or more digits is masked, whatever
 * separates its groups (up to four non-alphanumeric characters or JSON escapes such as `\n`),
 * whatever letters it is glued to, and without a Luhn check. A number a buyer mistyped fails
 * Luhn yet is one digit away from the real card, and a run longer than 19 may be a card number
 * glued to other digits, so both are masked. The price is that 13-digit epoch milliseconds,
 * dotted IPv4 addresses with 12 digits and long lists of small numbers are masked too; ISO
 * timestamps (the `T` breaks the run), short numbers and our base62 ids survive. The one shape
 * spared is a UUID (merchant ids) that holds a hex letter: about one in fourteen random UUIDs has
 * a 12-digit stretch, and a card number cannot take that 8-4-4-4-12 hex shape with a letter in it.
 */
// A digit is any Unicode decimal digit (`\p{Nd}`): a number typed in full-width (`４２４２`),
// Arabic-Indic, Devanagari or any mix of scripts is the same card number (issue 32, finding 6).
// One separator unit: a non-alphanumeric character or a JSON escape (`\"`, `\n`, `\u00a0`, however
// often escaped). A run of backslashes can be read only one way, so no input makes the scan blow up.
const SEP = String.raw`(?:\\*[^\p{L}\p{N}\\]|\\+(?:[nrtbf]|u[0-9a-fA-F]{4}|(?=\p{Nd}))){1,4}`;
const UUID = String.raw`(?<![0-9a-fA-F])[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?![0-9a-fA-F])`;
const DIGIT_RUN = String.raw`\p{Nd}(?:(?:${SEP})?\p{Nd}){11,}`;
const PAN_LIKE = new RegExp(`(${UUID})|${DIGIT_RUN}`, 'gu');

/** Names (lowercased, without `_`, `-`, `.`) whose value is card data in any type or nesting. */
const SENSITIVE_NAMES = new Set([
  'cid', 'csc', 'cardcsc', 'pan', 'number', 'pin', 'cardpin', 'pinblock', 'ccn', 'ccnum',
  'primaryaccountnumber', 'accountnumber', 'track1', 'track2', 'trackdata', 'magstripe',
]);
/** Endings that are card data whatever precedes them (`cardCvc`, `card_security_code`). */
const SENSITIVE_ENDINGS = [
  'cvc', 'cvc2', 'cvv', 'cvv2', 'cvn', 'cvn2', 'cvd', 'cav2', 'securitycode', 'cardcode',
  'verificationcode', 'verificationvalue', 'cardnumber', 'cardnum', 'cardno', 'cardpan', 'ccnumber',
];

export function isSensitiveKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SENSITIVE_NAMES.has(k) || SENSITIVE_ENDINGS.some((e) => k.endsWith(e));
}

/*
 * `cvc: 123`, `cvc=123`, `"cvc":"123"`, `\"cvc\":\"123\"` (a JSON string inside JSON) and
 * `cvc 123` in free text. Only a name and its separator are matched, never the value, so a name
 * inside another name's value (`{"text":"cvc: 123"}`) is still found; a token is only tried from
 * its start, which keeps the scan linear.
 */
const KEY_SEP = /(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]*)(?:\\*["'])?(?:\s*[:=]\s*|\s+(?=\p{Nd}))(?:\\*["'])?/gu;
const VALUE = /[^\s"'\\,;&})\]]*/y;

function maskKeyValues(text: string): string {
  let out = '';
  let done = 0;
  for (const m of text.matchAll(KEY_SEP)) {
    const start = m.index + m[0].length;
    if (m.index < done || !isSensitiveKey(m[1]!)) continue;
    VALUE.lastIndex = start;
    const value = VALUE.exec(text)?.[0] ?? '';
    if (value === '' || value.startsWith('[redacted')) continue;
    out += text.slice(done, start) + REDACTED;
    done = start + value.length;
  }
  return out + text.slice(done);
}

/*
 * Cheap tests that let most lines skip the full scans: every card-data name holds one of these
 * fragments, and a card-number run needs 12 digits with no letter between them other than those
 * of an escape (`\n`, `\u00a0`). Both err toward yes; the full scans decide.
 */
// Each name in the lists above, written in camelCase, snake_case or kebab-case, holds one whole.
const NAME_FRAGMENT = /cv|cid|csc|cav|pan|pin|num|code|ccn|card|verif|track|mag/i;
const mayHoldName = (text: string) => NAME_FRAGMENT.test(text);

// The first decimal digit beyond ASCII is Arabic-Indic zero (U+0660).
const WIDE_DIGIT = /\p{Nd}/u;
const isDigitAt = (text: string, i: number, c: number) => (c >= 48 && c <= 57) || (c >= 0x660 && WIDE_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!)));

function mayHoldCardRun(text: string): boolean {
  let digits = 0;
  let escapeEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isDigitAt(text, i, c)) {
      if (++digits >= 12) return true;
    } else if (c === 92) escapeEnd = i + 5;
    else if (i > escapeEnd && (c | 32) >= 97 && (c | 32) <= 122) digits = 0;
  }
  return false;
}

/** Masks card data in free text: values after card-data names, then card-number-shaped runs. */
export function scrubCardData(text: string): string {
  const named = mayHoldName(text) ? maskKeyValues(text) : text;
  if (!mayHoldCardRun(named)) return named;
  return named.replace(PAN_LIKE, (all, uuid: string | undefined) => (uuid && /[a-fA-F]/.test(uuid) ? all : REDACTED));
}

/**
 * Structured scrub, before serialising: a card-data key loses its value whatever its type or
 * nesting; strings, numbers and keys are scrubbed by pattern, so what is stored (a client-error
 * context) is clean too, not only the log line.
 */
export function scrubFields(value: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // A cycle or a bigint: the walk below handles both.
  }
  // Serialising keeps every letter and digit of keys and values, so a text with no card-data name
  // and no 12-digit run has nothing to mask: the usual access-log fields stop here.
  if (json !== undefined && !mayHoldName(json) && !mayHoldCardRun(json)) return value;
  return scrubValue(value, new WeakSet());
}

function scrubValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubCardData(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    return scrubCardData(text) === text ? value : REDACTED;
  }
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return scrubValue(json.call(value), seen);
  const out = Array.isArray(value)
    ? value.map((v) => scrubValue(v, seen))
    : // fromEntries defines keys, so a `__proto__` key from a client report stays a plain key.
      Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubCardData(k), isSensitiveKey(k) ? REDACTED : scrubValue(v, seen)]));
  // A number split across elements (`["4242","4242","4242","4242"]`) only shows once they are
  // joined; the smallest container holding one is masked whole, which keeps the result valid JSON.
  const text = JSON.stringify(out);
  return scrubCardData(text) === text ? out : REDACTED;
}

/** Where a line buffer hands its chunks: asynchronously while running, synchronously at exit. */
export interface LineSink {
  write(chunk: string, done: () => void): void;
  writeSync(chunk: string): void;
}

/**
 * An fd written through `fs.write`, which runs on libuv's thread pool: unlike
 * `process.stdout.write` on a Linux pipe or file, it never blocks the event loop.
 */
export function fdSink(fd: number): LineSink {
  const writeAll = (buf: Buffer, done: () => void): void =>
    fsWrite(fd, buf, 0, buf.length, null, (err, n) => {
      if (err && (err as NodeJS.ErrnoException).code === 'EAGAIN') return void setTimeout(() => writeAll(buf, done), 5);
      // A closed or broken stdout must not take the service down with it: the chunk is lost.
      if (err || n >= buf.length) return done();
      writeAll(buf.subarray(n), done);
    });
  return {
    write: (chunk, done) => writeAll(Buffer.from(chunk), done),
    writeSync: (chunk) => {
      try {
        writeSync(fd, chunk);
      } catch {
        // Exiting with a broken stdout: nothing left to tell.
      }
    },
  };
}

export interface LineBuffer {
  write(line: string): void;
  flushSync(): void;
}

/**
 * Lines are buffered and handed to the sink once per turn of the event loop, one write at a time.
 * The buffer is bounded: when the sink cannot keep up, new lines are dropped and counted rather
 * than letting memory grow without limit; the count is logged as soon as the sink catches up.
 */
export function createLineBuffer(sink: LineSink, maxBytes = 1 << 20): LineBuffer {
  let pending: string[] = [];
  let bytes = 0;
  let dropped = 0;
  let busy = false;
  let scheduled = false;

  const take = () => {
    let out = pending.join('');
    if (dropped) out += `${new Date().toISOString()} warn log lines dropped, the sink was too slow {"dropped":${dropped}}\n`;
    pending = [];
    bytes = 0;
    dropped = 0;
    return out;
  };
  const schedule = () => {
    if (scheduled || busy) return;
    scheduled = true;
    setImmediate(flush);
  };
  function flush() {
    scheduled = false;
    if (busy || (bytes === 0 && dropped === 0)) return;
    busy = true;
    sink.write(take(), () => {
      busy = false;
      if (bytes || dropped) schedule();
    });
  }
  return {
    write(line) {
      const text = line + '\n';
      if (bytes + text.length > maxBytes) {
        dropped++;
        return;
      }
      pending.push(text);
      bytes += text.length;
      schedule();
    },
    // A chunk already handed to the thread pool is the kernel's; only the buffered rest is written here.
    flushSync() {
      const out = take();
      if (out) sink.writeSync(out);
    },
  };
}

let stdoutLines: LineBuffer | undefined;

/** One buffer for the process's stdout, flushed on exit (main's SIGTERM/SIGINT handler exits). */
function stdoutBuffer(): LineBuffer {
  if (!stdoutLines) {
    const lines = createLineBuffer(fdSink(1));
    process.once('exit', () => lines.flushSync());
    stdoutLines = lines;
  }
  return stdoutLines;
}

export function createLogger(enabled: boolean, write: (line: string) => void = (l) => stdoutBuffer().write(l)): Logger {
  const out = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (!enabled) return;
    const extra = fields ? ' ' + JSON.stringify(scrubFields(fields)) : '';
    // The timestamp is ours: it holds no card data and its digits would only cost a full scan.
    write(`${new Date().toISOString()} ${scrubCardData(`${level} ${msg}${extra}`)}`);
  };
  return {
    info: (m, f) => out('info', m, f),
    warn: (m, f) => out('warn', m, f),
    error: (m, f) => out('error', m, f),
  };
}
