/**
 * The npm entry: `loadSvcPay` adds the svcpay.js script tag once and resolves an instance. The
 * script itself is never bundled into the merchant's app: it must come from the service origin,
 * which is what the frames and the origin checks are tied to.
 */
import type { LoadSvcPayOptions, SvcPay, SvcPayConstructor } from './types.js';

export type * from './types.js';

export const DEFAULT_SCRIPT_URL = 'http://localhost:4242/js/v1/svcpay.js';

// One cached promise for the page; cleared on failure so a later call can try again.
let loading: Promise<SvcPayConstructor> | null = null;

function loadScript(url: string): Promise<SvcPayConstructor> {
  if (window.SvcPay) return Promise.resolve(window.SvcPay);
  if (loading) return loading;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.setAttribute('data-svcpay-loader', '');
  const attempt = new Promise<SvcPayConstructor>((resolve, reject) => {
    script.addEventListener('load', () =>
      window.SvcPay ? resolve(window.SvcPay) : reject(new Error(`svcpay: ${url} loaded but did not define SvcPay.`)),
    );
    script.addEventListener('error', () => reject(new Error(`svcpay: failed to load ${url}.`)));
  });
  loading = attempt.catch((err: unknown) => {
    loading = null;
    script.remove();
    throw err;
  });
  (document.head || document.body).appendChild(script);
  return loading;
}

export function loadSvcPay(publishableKey: string, options: LoadSvcPayOptions = {}): Promise<SvcPay> {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return Promise.reject(new Error('svcpay: loadSvcPay runs in a browser only.'));
  }
  const { scriptUrl = DEFAULT_SCRIPT_URL, ...rest } = options;
  return loadScript(scriptUrl).then((SvcPay) => SvcPay(publishableKey, rest));
}
