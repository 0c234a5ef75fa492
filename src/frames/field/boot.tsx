/**
 * Starts an element frame page other than the card's (/frames/address.html, /frames/wallet.html):
 * the same hash, locale and appearance handling as field/main.tsx, for the types the registry
 * says the page renders, with the page's own view. Each page imports only its own component.
 */
import { render } from 'preact';
import { rendersOn, type ElementPage } from '../../elements/registry.ts';
import { applyDocumentLocale, loadLocale, negotiateLocale } from '../../locales/index.ts';
import { setChannelDebug } from '../../protocol/channel.ts';
import type { ElementState } from '../../protocol/messages.ts';
import { FieldParams, readHash } from '../params.ts';
import { applyAppearance } from './appearance.ts';
import { FieldFrame, type FieldFrameProps } from './FieldFrame.tsx';
import './field.css';

export function bootElementFrame(page: ElementPage, view: FieldFrameProps['view'], initial?: (params: FieldParams) => ElementState): void {
  const params = readHash(location.hash, FieldParams);
  const root = document.getElementById('svcpay-field');
  if (!params || !root || !rendersOn(params.type, page)) {
    console.warn(`[svcpay] ${page} frame: invalid frame URL`);
    return;
  }
  setChannelDebug(params.debug === '1');
  const locale = negotiateLocale([params.locale]);
  applyDocumentLocale(document, locale);
  if (params.appearance) applyAppearance(document, params.appearance);
  const withLocale = { ...params, locale };
  void loadLocale(locale).then(() => render(<FieldFrame params={withLocale} view={view} initial={initial?.(withLocale)} />, root));
}
