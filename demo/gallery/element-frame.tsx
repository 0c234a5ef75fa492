/**
 * An element frame of the gallery (/gallery/frames/element/<component>/<state>): the component
 * as svcpay's element frames render it for buyers (src/frames/field/boot.tsx and its views), with
 * field.css, the frame's root and padding, the theme applied by the frames' own appearance code,
 * and the language loaded before the first paint. Only the state's display props go in.
 */
import { render } from 'preact';
import { applyAppearance } from '../../src/frames/field/appearance.ts';
import '../../src/frames/field/field.css';
import '../../src/frames/wallet/wallet.css';
import { applyDocumentLocale, loadLocale } from '../../src/locales/index.ts';
import { findEntry } from './catalogue.ts';
import { componentNamed } from './components.ts';
import { readFramePath } from './frame-url.ts';
import { readView } from './links.ts';
import { markReady, missing } from './frame-ready.ts';
import { galleryComponents } from './states.ts';

const root = document.getElementById('svcpay-field');
const path = readFramePath(location.pathname, 'element');
const entry = path && findEntry(galleryComponents, path.slug, path.state);
const Component = entry && componentNamed(entry.component.name);

if (root && entry && Component) {
  const view = readView(location.search, entry.component, entry.state);
  applyDocumentLocale(document, view.locale);
  applyAppearance(document, { theme: view.theme });
  void loadLocale(view.locale).then(() => {
    const props = { ...(entry.state.props as Record<string, unknown>), locale: view.locale };
    render(
      <div class="svp-frame">
        <Component {...props} />
      </div>,
      root,
    );
    markReady(document);
  });
} else if (root) {
  missing(root);
}
