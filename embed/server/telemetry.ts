/**
 * `svcpay/server`'s telemetry (Doc 1: `POST /v1/sdk-telemetry`, "on by default with a test key, off
 * with a live key"; issue 35). What is sent is what the SDK itself did (a retry, a refused
 * redirect): an event name, this SDK's name and version, and flat properties (method, route
 * template, status, retry number, delay, pinned API version). Never a request or response body,
 * a path's ids, a header, a key or anything a buyer typed. The `telemetry` option turns it on or
 * off whatever the key.
 *
 * Fire and forget: one POST per event, never retried, never followed if redirected, its answer
 * (a 429 included) and any failure ignored, so it cannot slow or break the call it reports.
 */

/** The name and version this SDK reports (package.json's version; a test keeps them equal). */
export const SDK_NAME = 'svcpay/server';
export const SDK_VERSION = '0.1.0';

export type TelemetryProperties = Record<string, string | number | boolean | null>;
export type TelemetryReport = (event: string, properties: TelemetryProperties) => void;

export interface TelemetrySettings {
  enabled: boolean;
  baseUrl: string;
  secretKey: string;
  apiVersion?: string;
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
}

/** Whether telemetry is on when the merchant did not say: with a test key only. */
export function telemetryByDefault(secretKey: string): boolean {
  return secretKey.startsWith('vp_sk_test_');
}

export function telemetryReporter(settings: TelemetrySettings): TelemetryReport {
  if (!settings.enabled) return () => {};
  const { baseUrl, secretKey, apiVersion, fetch } = settings;
  return (event, properties) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' };
    if (apiVersion) headers['Svc-Pay-Version'] = apiVersion;
    const body = JSON.stringify({ event, sdk: { name: SDK_NAME, version: SDK_VERSION }, properties: { ...properties, api_version: apiVersion ?? null } });
    try {
      const sent = fetch(new Request(`${baseUrl}/v1/sdk-telemetry`, { method: 'POST', headers, body, redirect: 'manual' }));
      void sent.then((res) => res.body?.cancel()).catch(() => {});
    } catch {
      // A fetch that throws at once is as ignorable as one that rejects.
    }
  };
}
