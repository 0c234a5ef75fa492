/**
 * How a provider's own card fields (issue 19) sit where the sandbox fields frame would: they are
 * mounted once per init, say `sbx.ready` when the buyer can type, take focus on `sbx.focus`, and
 * answer an `sbx.submit` with an `sbx.result`, so the checkout's flow (pay, complete, decline and
 * retry) is one for every provider. Their code loads on demand.
 */
import { useLayoutEffect } from 'preact/hooks';
import { PROTOCOL } from '../../protocol/checks.ts';
import type { ProcessorFrameToHost } from '../../protocol/messages.ts';
import type { FieldsProps } from './provider.ts';

type ProviderFieldsProps = Pick<FieldsProps, 'onMessage' | 'setPoster' | 'onFailure'>;

type Result = Omit<Extract<ProcessorFrameToHost, { type: 'sbx.result' }>, 'protocol' | 'type' | 'requestId'>;

/** Mounts the fields `mount` makes (on `ready`, they can be typed in), once per `key`. */
export function useProviderFields(key: number, props: ProviderFieldsProps, mount: (ready: () => void) => Promise<{ submit(): Promise<Result>; focus(): void; destroy(): void }>) {
  const { onMessage, setPoster, onFailure } = props;
  useLayoutEffect(() => {
    let alive = true;
    let destroy: (() => void) | null = null;
    mount(() => alive && onMessage({ protocol: PROTOCOL, type: 'sbx.ready' }))
      .then((made) => {
        if (!alive) return made.destroy();
        destroy = made.destroy;
        setPoster((msg) => {
          // A retry's fresh fields (issue 38): the next card goes to their first input.
          if (msg.type === 'sbx.focus') return made.focus();
          if (msg.type !== 'sbx.submit') return;
          void made.submit().then((r) => alive && onMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: msg.requestId, ...r }));
        });
      })
      .catch(() => alive && onFailure('provider_script_failed'));
    return () => {
      alive = false;
      setPoster(null);
      destroy?.();
    };
    // One mount per init: the parent keys the component by it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
