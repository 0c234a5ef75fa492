/**
 * The processor's fields page in an iframe. Messages count only from the processor origin and
 * from this iframe's window, parsed by the ProcessorFrameToHost schema (STYLE.md habit 2).
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { listen, send } from '../../../protocol/channel.ts';
// Hand-rolled twins of the zod schemas (processor-parsers.ts): the hosted page carries no zod.
import { HostToProcessorFrameParser, ProcessorFrameToHostParser } from '../../../protocol/processor-parsers.ts';
import type { FieldsProps } from '../provider.ts';
import type { FrameSpec } from './spec.ts';

export function ProcessorFrame({ spec: { url, origin }, title, height, onMessage, setPoster, events = window }: FieldsProps<FrameSpec>): JSX.Element {
  const ref = useRef<HTMLIFrameElement>(null);

  // A layout effect runs in the same task that inserts the iframe, so the listener is in place
  // before the frame can post its first message (a passive effect may run after it, under load).
  useLayoutEffect(() => {
    const stop = listen(events, { origin, source: () => ref.current?.contentWindow, schema: ProcessorFrameToHostParser, onMessage });
    setPoster((msg) => {
      // The page's focus moves into the frame first; the frame then puts it on its card number.
      if (msg.type === 'sbx.focus') ref.current?.focus();
      const target = ref.current?.contentWindow;
      if (target) send(target, origin, HostToProcessorFrameParser, msg);
    });
    return () => {
      stop();
      setPoster(null);
    };
    // One frame element per (url, origin): the parent keys this component by init.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, origin]);

  return (
    <iframe
      ref={ref}
      class="checkout__frame"
      src={url}
      title={title}
      style={height ? { height: `${height}px` } : undefined}
      sandbox="allow-scripts allow-same-origin allow-forms"
      referrerpolicy="no-referrer"
    />
  );
}
