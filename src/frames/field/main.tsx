/**
 * Entry of a field frame (/frames/field.html), one per mounted element. The inputs and their
 * values live here; the frame talks only to its controller, over the BroadcastChannel named in
 * its hash (ARCHITECTURE.md, trust zones).
 */
import { render } from 'preact';
import { applyDocumentLocale, loadLocale, negotiateLocale } from '../../locales/index.ts';
import { reportClientError } from '../../client/client-error.ts';
import { openBus, setChannelDebug, type Bus } from '../../protocol/channel.ts';
import { ControllerToField, FieldToController, PROTOCOL } from '../../protocol/messages.ts';
import { watchErrors } from '../frame-errors.ts';
import { FieldParams, readHash } from '../params.ts';
import { applyAppearance } from './appearance.ts';
import { FieldFrame } from './FieldFrame.tsx';
import './field.css';

const params = readHash(location.hash, FieldParams);
const root = document.getElementById('svcpay-field');
if (!params || !root) {
  console.warn('[svcpay] field frame: invalid frame URL');
} else {
  setChannelDebug(params.debug === '1');
  // An unexpected failure here is reported to the service, and announced on the bus so the
  // controller tells the merchant (`error` event); the bus is opened only if one happens.
  let errors: Bus<FieldToController> | null = null;
  watchErrors(window, 'field', (body) => reportClientError(body, ''), (code) => {
    errors ??= openBus(params.channel, { receive: ControllerToField, send: FieldToController, onMessage: () => {} });
    errors.post({ protocol: PROTOCOL, type: 'field.error', elementId: params.elementId, code });
  }, params.sessionId);
  // 'auto' becomes the browser's language here, inside the frame (the page's navigator is the same).
  const locale = negotiateLocale([params.locale]);
  applyDocumentLocale(document, locale);
  if (params.appearance) applyAppearance(document, params.appearance);
  // Labels and errors show in the buyer's language from the first paint: nothing renders before
  // the catalogue is here (a failed load renders English rather than nothing).
  void loadLocale(locale).then(() => render(<FieldFrame params={{ ...params, locale }} />, root));
}
