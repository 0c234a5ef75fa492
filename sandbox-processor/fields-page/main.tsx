/**
 * Entry of the sandbox processor's fields page (GET /fields on the processor origin), mounted in
 * an iframe by the hosted page. A hash that does not fit leaves the page inert with a notice.
 */
import { render } from 'preact';
import { setChannelDebug } from '../../src/protocol/channel.ts';
import { applyDocumentLocale, loadLocale, negotiateLocale, t } from '../../src/locales/index.ts';
import { FieldsApp } from './fields-app.tsx';
import { readParams } from './params.ts';
import './fields-page.css';

const root = document.getElementById('app');
const params = readParams({
  hash: location.hash,
  bootJson: document.getElementById('svcpay-boot')?.textContent ?? null,
  ancestorOrigins: location.ancestorOrigins ?? null,
});

if (root) {
  if (params && window.parent !== window) {
    if (params.debug) setChannelDebug(true);
    const locale = negotiateLocale([params.locale]);
    applyDocumentLocale(document, locale);
    // Labels and errors in the buyer's language from the first paint (catalogues other than
    // English are fetched on demand, src/locales/index.ts).
    void loadLocale(locale).then(() => render(<FieldsApp params={{ ...params, locale }} events={window} parent={window.parent} />, root));
  } else {
    void loadLocale(params?.locale).then(() => render(<p class="sbx-inert">{t(params?.locale, 'status.pay_error')}</p>, root));
  }
}
