/**
 * A hosted-page frame of the gallery (/gallery/frames/page/<component>/<state>): the hosted
 * page's stylesheet, and either one of its components in the box it sits in there, or the whole
 * page (HostedPage.states.ts) played on its real App and store with a fake API.
 */
import { render } from 'preact';
import { App } from '../../hosted-page/app.tsx';
import '../../src/checkout/styles.css';
import type { HostedPageScenario } from '../../hosted-page/HostedPage.states.ts';
import { loadCheckoutLocale } from '../../src/locales/checkout.ts';
import { applyDocumentLocale } from '../../src/locales/index.ts';
import { findEntry } from './catalogue.ts';
import { componentNamed } from './components.ts';
import { markReady, missing } from './frame-ready.ts';
import { readFramePath, SANDBOX_FIELDS_PATH } from './frame-url.ts';
import { hostedScenario } from './hosted-scenario.ts';
import { readView } from './links.ts';
import { stageOf } from './stages.ts';
import { galleryComponents } from './states.ts';
import './page-frame.css';

const root = document.getElementById('app');
const path = readFramePath(location.pathname, 'page');
const entry = path && findEntry(galleryComponents, path.slug, path.state);
const stage = entry && stageOf(entry.component.name);

async function show(el: HTMLElement) {
  if (!entry || !stage) return missing(el);
  const view = readView(location.search, entry.component, entry.state);
  applyDocumentLocale(document, view.locale);
  if (stage.frame === 'hosted') {
    const scenario = entry.state.props as HostedPageScenario;
    const run = hostedScenario(scenario, { locale: scenario.locale ?? view.locale, origin: location.origin, fieldsUrl: `${location.origin}${SANDBOX_FIELDS_PATH}` });
    await loadCheckoutLocale(view.locale);
    render(<App checkout={run.checkout} />, el);
    await run.play();
    return markReady(document);
  }
  const Component = componentNamed(entry.component.name);
  if (!Component || stage.frame !== 'page') return missing(el);
  await loadCheckoutLocale(view.locale);
  const props = { ...(entry.state.props as Record<string, unknown>), locale: view.locale };
  render(
    <div class="gallery-page">
      <div class={stage.box}>
        <Component {...props} />
      </div>
    </div>,
    el,
  );
  markReady(document);
}

if (root) void show(root);
