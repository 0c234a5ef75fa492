/**
 * The card fields of a `card_element` merchant (issue 19): Stripe's card element where the sandbox
 * fields frame would be, speaking the same messages to the checkout (`sbx.ready`, `sbx.result` for
 * an `sbx.submit`), so the checkout's flow (pay, complete, decline and retry) is one for every
 * provider. stripe.js and the code that drives it load on demand, for these merchants only.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { PROTOCOL, type HostToProcessorFrame, type ProcessorFrameToHost } from '../protocol/messages.ts';
import type { StripeSpec } from './frame-spec.ts';
import type { StripeMount } from './stripe-mount.ts';

export interface StripeCardFieldsProps {
  spec: StripeSpec;
  title: string;
  locale: string;
  onMessage(msg: ProcessorFrameToHost): void;
  setPoster(fn: ((msg: HostToProcessorFrame) => void) | null): void;
  /** stripe.js did not load: the checkout says it cannot take a payment now. */
  onFailure(code: string): void;
}

export function StripeCardFields({ spec, title, locale, onMessage, setPoster, onFailure }: StripeCardFieldsProps): JSX.Element {
  const host = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    let alive = true;
    let mount: StripeMount | null = null;
    void import('./stripe-mount.ts')
      .then(({ mountStripeCard }) => mountStripeCard(host.current!, spec, locale, { ready: () => alive && onMessage({ protocol: PROTOCOL, type: 'sbx.ready' }) }))
      .then((made) => {
        if (!alive) return made.destroy();
        mount = made;
        setPoster((msg) => {
          if (msg.type !== 'sbx.submit') return;
          void made.confirm().then((r) => alive && onMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: msg.requestId, ...r }));
        });
      })
      .catch(() => alive && onFailure('provider_script_failed'));
    return () => {
      alive = false;
      setPoster(null);
      mount?.destroy();
    };
    // One element per init: the parent keys this component by it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spec.key]);

  return <div ref={host} class="checkout__stripe" role="group" aria-label={title} />;
}
