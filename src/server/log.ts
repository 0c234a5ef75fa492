/**
 * The server's logger: one line per event, never a request body. Anything that looks like a
 * card number is masked before it is written, as a second line of defence.
 */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** 12 to 19 digits, optionally split by spaces or dashes: long enough to be a card number. */
const PAN_LIKE = /\b\d(?:[ -]?\d){11,18}\b/g;

export function scrubCardData(text: string): string {
  return text.replace(PAN_LIKE, '[redacted]');
}

export function createLogger(enabled: boolean, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const out = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (!enabled) return;
    const extra = fields ? ' ' + JSON.stringify(fields) : '';
    write(scrubCardData(`${new Date().toISOString()} ${level} ${msg}${extra}`));
  };
  return {
    info: (m, f) => out('info', m, f),
    warn: (m, f) => out('warn', m, f),
    error: (m, f) => out('error', m, f),
  };
}
