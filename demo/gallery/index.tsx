/**
 * The gallery's index (/gallery): every component, each state with its one-line description, and
 * a link per theme and per review language. Built from the states files (./states.ts).
 */
import { render, type JSX } from 'preact';
import { titleOf, type GalleryComponent } from './catalogue.ts';
import { allLocales, galleryThemes, reviewLinks } from './links.ts';
import { isThemed } from './stages.ts';
import { galleryComponents } from './states.ts';
import './gallery.css';

function ComponentSection({ component }: { component: GalleryComponent }): JSX.Element {
  return (
    <section class="gallery-component" aria-labelledby={`c-${component.slug}`}>
      <h2 id={`c-${component.slug}`}>{titleOf(component.name)}</h2>
      <p class="gallery-muted">
        {component.states.length} states from <code>{component.file.replace(/^(\.\.\/)+/, '')}</code>
        {isThemed(component.name) ? '; rendered in an element frame, in each theme.' : '; rendered as on the hosted page (no theme applies).'}
      </p>
      <table class="gallery-table">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">What it shows</th>
            <th scope="col">Themes</th>
            <th scope="col">Languages</th>
          </tr>
        </thead>
        <tbody>
          {component.states.map((state) => {
            const links = reviewLinks(component, state);
            const cell = (kind: 'theme' | 'locale') => (
              <ul class="gallery-links">
                {links
                  .filter((l) => l.kind === kind)
                  .map((l) => (
                    <li key={l.url}>
                      <a href={l.url} data-gallery-entry="" lang={kind === 'locale' ? l.locale : undefined}>
                        {l.label}
                      </a>
                    </li>
                  ))}
              </ul>
            );
            return (
              <tr key={state.name}>
                <th scope="row">
                  <code>{state.name}</code>
                  {state.main && <span class="gallery-muted"> (main)</span>}
                </th>
                <td>{state.description}</td>
                <td>{cell('theme')}</td>
                <td>{state.locale ? <span class="gallery-muted">{state.locale} only</span> : state.main ? cell('locale') : <span class="gallery-muted">by URL</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Index(): JSX.Element {
  const entries = galleryComponents.reduce((n, c) => n + c.states.reduce((m, s) => m + reviewLinks(c, s).length, 0), 0);
  return (
    <>
      <header class="gallery-bar">
        <span>svcpay</span> designers' gallery
      </header>
      <main class="gallery-main">
        <h1>Every component, in every state</h1>
        <p>
          {entries} entries: every state of every component as buyers see it, in its own language. The main states also in each theme (
          {galleryThemes.join(', ')}) where a theme applies (the element frames), and in German, Arabic (right to left) and Japanese.
        </p>
        <p>
          Any entry in any of the {allLocales.length} languages: <code>/gallery/&lt;component&gt;/&lt;state&gt;?theme=&lt;theme&gt;&amp;locale=&lt;code&gt;</code>, with
          the code one of {allLocales.join(', ')}. Each entry page links its other themes and languages.
        </p>
        <nav aria-label="Components">
          <ul class="gallery-links">
            {galleryComponents.map((c) => (
              <li key={c.slug}>
                <a href={`#c-${c.slug}`}>{titleOf(c.name)}</a>
              </li>
            ))}
          </ul>
        </nav>
        {galleryComponents.map((c) => (
          <ComponentSection key={c.slug} component={c} />
        ))}
      </main>
    </>
  );
}

document.title = "svcpay designers' gallery";
const root = document.getElementById('gallery');
if (root) render(<Index />, root);
