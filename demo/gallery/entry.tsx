/**
 * One gallery entry (/gallery/<component>/<state>?theme=&locale=): the state's description, links
 * to its other themes and languages, and the component in the frame buyers see it in (./stages.ts),
 * sized to its content as svcpay's embed sizes element frames.
 */
import { render, type JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { findEntry, titleOf, type GalleryComponent, type GalleryState } from './catalogue.ts';
import { frameUrl } from './frame-url.ts';
import { allLocales, entryUrl, galleryThemes, readEntryPath, readView, type EntryView } from './links.ts';
import { isThemed, stageOf } from './stages.ts';
import { galleryComponents } from './states.ts';
import './gallery.css';

/**
 * The frame's height follows its document's (same origin, so it is read directly; nothing is
 * posted). The whole hosted page keeps a laptop's viewport height instead.
 */
function useFitHeight(ref: { current: HTMLIFrameElement | null }, fixed: number | null) {
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame || fixed !== null) return;
    let observer: ResizeObserver | null = null;
    const fit = () => {
      const doc = frame.contentDocument;
      if (!doc) return;
      observer?.disconnect();
      observer = new ResizeObserver(() => {
        frame.style.height = `${Math.ceil(doc.documentElement.getBoundingClientRect().height)}px`;
      });
      observer.observe(doc.documentElement);
    };
    frame.addEventListener('load', fit);
    return () => {
      frame.removeEventListener('load', fit);
      observer?.disconnect();
    };
  }, [fixed]);
}

function Entry({ component, state, view }: { component: GalleryComponent; state: GalleryState; view: EntryView }): JSX.Element {
  const ref = useRef<HTMLIFrameElement>(null);
  const stage = stageOf(component.name);
  const fixedHeight = stage.frame === 'hosted' ? stage.height : null;
  useFitHeight(ref, fixedHeight);
  const src = frameUrl(stage.frame === 'element' ? 'element' : 'page', component.slug, state.name, view);
  const title = `${titleOf(component.name)}, ${state.name}`;
  return (
    <>
      <header class="gallery-bar">
        <a href="/gallery">svcpay designers' gallery</a>
      </header>
      <main class="gallery-main">
        <h1>{title}</h1>
        <p>{state.description}</p>
        {isThemed(component.name) && (
          <nav aria-label="Themes" class="gallery-switch">
            <ul class="gallery-links">
              {galleryThemes.map((theme) => (
                <li key={theme}>
                  <a href={entryUrl(component, state, { ...view, theme })} aria-current={theme === view.theme ? 'page' : undefined}>
                    {theme}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav aria-label="Languages" class="gallery-switch">
          <ul class="gallery-links">
            {allLocales.map((locale) => (
              <li key={locale}>
                <a href={entryUrl(component, state, { ...view, locale })} lang={locale} aria-current={locale === view.locale ? 'page' : undefined}>
                  {locale}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class={`gallery-stage gallery-stage--${view.theme}`} data-testid="gallery-stage">
          <iframe
            ref={ref}
            src={src}
            title={`${title}: ${stage.frame === 'hosted' ? 'checkout page' : 'preview'}`}
            width={stage.width}
            height={fixedHeight ?? 40}
            class="gallery-frame"
          />
        </div>
      </main>
    </>
  );
}

function NotFound(): JSX.Element {
  return (
    <>
      <header class="gallery-bar">
        <a href="/gallery">svcpay designers' gallery</a>
      </header>
      <main class="gallery-main">
        <h1>No such gallery entry</h1>
        <p>
          <a href="/gallery">Every entry is listed in the index.</a>
        </p>
      </main>
    </>
  );
}

const path = readEntryPath(location.pathname);
const found = path && findEntry(galleryComponents, path.slug, path.state);
const root = document.getElementById('gallery');
if (root && found) {
  const view = readView(location.search, found.component, found.state);
  document.title = `${titleOf(found.component.name)}, ${found.state.name} · svcpay gallery`;
  render(<Entry component={found.component} state={found.state} view={view} />, root);
} else if (root) {
  document.title = 'Not found · svcpay gallery';
  render(<NotFound />, root);
}
