/**
 * The sandbox processor's fields page (sandbox-processor/fields-page) for the gallery's hosted
 * page: the same FieldsApp and stylesheet, framed from the gallery's origin. Its `charge` never
 * reaches a processor: the gallery plays Pay on the hosted page's store, and a card a designer
 * types here goes nowhere.
 */
import { render } from 'preact';
import { FieldsApp } from '../../sandbox-processor/fields-page/fields-app.tsx';
import '../../sandbox-processor/fields-page/fields-page.css';
import { readParams } from '../../sandbox-processor/fields-page/params.ts';
import { applyDocumentLocale, loadLocale, negotiateLocale } from '../../src/locales/index.ts';

const root = document.getElementById('app');
const params = readParams({ hash: location.hash, ancestorOrigins: location.ancestorOrigins ?? null });

if (root && params && window.parent !== window) {
  const locale = negotiateLocale([params.locale]);
  applyDocumentLocale(document, locale);
  const charge = async () => ({ status: 'error' as const, code: 'gallery_no_charge', httpStatus: 0 });
  void loadLocale(locale).then(() => render(<FieldsApp params={{ ...params, locale }} events={window} parent={window.parent} charge={charge} />, root));
}
