/**
 * Entry of a field frame (/frames/field.html), one per mounted element. The inputs and their
 * values live here; the frame talks only to its controller, over the BroadcastChannel named in
 * its hash (ARCHITECTURE.md, trust zones).
 */
import { render } from 'preact';
import { loadLocale } from '../../locales/index.ts';
import { setChannelDebug } from '../../protocol/channel.ts';
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
  if (params.locale) document.documentElement.lang = params.locale;
  if (params.appearance) applyAppearance(document, params.appearance);
  // Labels and errors show in the buyer's language from the first paint.
  void loadLocale(params.locale).then(() => render(<FieldFrame params={params} />, root));
}
