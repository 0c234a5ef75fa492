/**
 * The HTTP side of `npm run contract:prism` (issue 35): every call of the traffic goes through
 * Stoplight Prism's validating proxy, which forwards it to the service and names what it found
 * wrong in the `sl-violations` header of the answer (request and response violations alike; with
 * `--errors=false` the service's own answer comes back unchanged). The driver keeps one record per
 * answer, for prism-report.ts. The sandbox control API and the sandbox processor are not in the
 * contract, so `direct` calls them without the proxy and records nothing.
 */
import { request } from 'node:http';

export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** One answer received through the proxy. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  /** What the traffic meant to exercise ("missing key", "full payment", ...). */
  label: string;
  violations: Violation[];
  /** The start of the answer's body, to see what was flagged. */
  excerpt: string;
  /**
   * False when Prism answered itself and forwarded nothing: it refuses a body that is not JSON
   * under a JSON Content-Type with its own 400 `{ error: { code: "invalid_json", message } }`, a
   * shape no answer of the service has (its error envelope's `error` is a string, and a failed
   * payment's `error` object sits beside `status`).
   */
  fromService: boolean;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: any;
}

export interface CallOptions {
  /** A bearer key (secret or publishable); omitted: no Authorization header. */
  key?: string;
  /** A JSON body (serialized), or a string sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  label?: string;
}

function send(base: string, method: string, path: string, opts: CallOptions): Promise<Answer> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
  let payload: string | undefined;
  if (opts.body !== undefined) {
    payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  } else if (['POST', 'PATCH', 'PUT', 'DELETE'].includes(method) && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function isPrismRefusal(a: Answer): boolean {
  return a.status === 400 && a.json !== null && typeof a.json === 'object' && Object.keys(a.json).join() === 'error' && a.json.error?.code === 'invalid_json';
}

export function parseViolations(header: string | string[] | undefined): Violation[] {
  if (!header) return [];
  const raw = Array.isArray(header) ? header.join(',') : header;
  try {
    const list = JSON.parse(raw) as Violation[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [{ location: ['sl-violations'], severity: 'Error', message: `unreadable sl-violations header: ${raw.slice(0, 200)}` }];
  }
}

export class Driver {
  readonly exchanges: Exchange[] = [];
  constructor(
    /** Prism's proxy address. */
    readonly proxy: string,
    /** The service itself, for the control API (never recorded). */
    readonly service: string,
  ) {}

  /** A call through the proxy, recorded with the violations Prism reports for it. */
  async call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const answer = await send(this.proxy, method, path, opts);
    this.exchanges.push({
      method,
      path: new URL(path, this.proxy).pathname,
      status: answer.status,
      label: opts.label ?? '',
      violations: parseViolations(answer.headers['sl-violations']),
      excerpt: answer.text.slice(0, 400),
      fromService: !isPrismRefusal(answer),
    });
    return answer;
  }

  /** A call to the service (or another origin) without the proxy: the control API, the processor. */
  direct(method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
    const u = new URL(url, this.service);
    return send(u.origin, method, `${u.pathname}${u.search}`, opts);
  }

  /** The control API; throws on an error answer, since the traffic depends on it. */
  async control(method: string, path: string, body?: unknown): Promise<any> {
    const a = await this.direct(method, path, { body: body ?? (method === 'GET' ? undefined : {}) });
    if (a.status >= 400) throw new Error(`control ${method} ${path}: ${a.status} ${a.text.slice(0, 300)}`);
    return a.json;
  }
}
