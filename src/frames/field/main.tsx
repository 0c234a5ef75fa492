/**
 * Entry of a field frame (/frames/field.html), one per mounted element. The inputs and their
 * values live here; the frame talks only to its controller, over the BroadcastChannel named in
 * its hash (ARCHITECTURE.md, trust zones).
 */
import { render } from 'preact';
import { applyDocumentLocale, loadLocale, negotiateLocale } from '../../locales/index.ts';
import { setChannelDebug } from '../../protocol/channel.ts';
import { readFieldParams } from '../../protocol/frame-parsers.ts';
import { applyAppearance } from './appearance.ts';
import { FieldFrame } from './FieldFrame.tsx';
import './field.css';

const params = readFieldParams(location.hash);
const root = document.getElementById('svcpay-field');
if (!params || !root) {
  console.warn('[svcpay] field frame: invalid frame URL');
} else {
  setChannelDebug(params.debug === '1');
  // 'auto' becomes the browser's language here, inside the frame (the page's navigator is the same).
  const locale = negotiateLocale([params.locale]);
  applyDocumentLocale(document, locale);
  if (params.appearance) applyAppearance(document, params.appearance);
  // Labels and errors show in the buyer's language from the first paint: nothing renders before
  // the catalogue is here (a failed load renders English rather than nothing).
  void loadLocale(locale).then(() => render(<FieldFrame params={{ ...params, locale }} />, root));
}
