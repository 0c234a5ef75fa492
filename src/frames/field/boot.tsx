/**
 * Starts an element frame page (/frames/field.html, /frames/address.html, /frames/wallet.html):
 * hash, error reporting, locale and appearance, for the types the registry says the page renders,
 * with the page's own view. Each page imports only its own component.
 */
import { render } from 'preact';
import { rendersOn, type ElementPage } from '../../elements/registry.ts';
import { applyDocumentLocale, loadLocale, negotiateLocale } from '../../locales/index.ts';
import { sendClientError } from '../../client/send-client-error.ts';
import { setChannelDebug } from '../../protocol/channel.ts';
import { PROTOCOL } from '../../protocol/checks.ts';
import { readFieldParams, type FrameWire } from '../../protocol/frame-parsers.ts';
import type { ElementState } from '../../protocol/messages.ts';
import { watchErrors } from '../frame-errors.ts';
import type { FieldParams } from '../../protocol/params.ts';
import { applyAppearance } from './appearance.ts';
import { mountRefusal } from './mount-check.ts';
import { FieldFrame, toParent, type FieldFrameProps } from './FieldFrame.tsx';
import './field.css';

export function bootElementFrame(page: ElementPage, view: FieldFrameProps['view'], wire: FrameWire, initial?: (params: FieldParams) => ElementState): void {
  const params = readFieldParams(location.hash);
  const root = document.getElementById('svcpay-field');
  if (!params || !root || !rendersOn(params.type, page)) {
    console.warn(`[svcpay] ${page} frame: invalid frame URL`);
    return;
  }
  setChannelDebug(params.debug === '1');
  // An unexpected failure here is reported to the service, and told to the page straight away
  // (its `error` event), like the frame's state: the controller frame may not exist yet.
  watchErrors(
    window,
    page,
    sendClientError,
    (code) => toParent(params.parentOrigin, wire.toPage, { protocol: PROTOCOL, type: 'element.error', channel: params.channel, elementId: params.elementId, code }),
    params.sessionId,
  );
  // 'auto' becomes the browser's language here, inside the frame (the page's navigator is the same).
  const locale = negotiateLocale([params.locale]);
  applyDocumentLocale(document, locale);
  if (params.appearance) applyAppearance(document, params.appearance);
  const withLocale = { ...params, locale };
  // Labels and errors show in the buyer's language from the first paint: nothing renders before
  // the catalogue is here (a failed load renders English rather than nothing). The session read
  // goes at the same time, so a refused key or session is told before the frame could say `ready`.
  void Promise.all([loadLocale(locale), mountRefusal(params.sessionId, params.publishableKey)]).then(([, refused]) => {
    if (refused) toParent(params.parentOrigin, wire.toPage, { protocol: PROTOCOL, type: 'element.refused', channel: params.channel, elementId: params.elementId, ...refused });
    render(<FieldFrame params={withLocale} view={view} wire={wire} initial={initial?.(withLocale)} />, root);
  });
}
