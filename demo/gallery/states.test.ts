import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectComponents, findEntry } from './catalogue.ts';
import { reviewLinks } from './links.ts';
import { galleryComponents } from './states.ts';

const root = join(import.meta.dirname, '..', '..');

/** Every states file on disk, found without the gallery's glob: the components' and the hosted page's. */
function statesFilesOnDisk(): string[] {
  const components = join(root, 'src', 'components');
  const inComponents = readdirSync(components, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(components, d.name)).map((f) => join(components, d.name, f)));
  const inHosted = readdirSync(join(root, 'hosted-page')).map((f) => join(root, 'hosted-page', f));
  return [...inComponents, ...inHosted].filter((f) => /\.states\.tsx?$/.test(f)).map((f) => relative(root, f));
}

describe('the gallery enumerates the states files', () => {
  const files = statesFilesOnDisk();

  it('finds the states files of the components and of the hosted page', () => {
    expect(files).toEqual(expect.arrayContaining(['src/components/CardFields/CardFields.states.ts', 'hosted-page/HostedPage.states.ts']));
  });

  it.each(files)('lists every state of %s, each with a description and at least one entry', async (file) => {
    const { states } = (await import(/* @vite-ignore */ join(root, file))) as { states: Record<string, { description: string }> };
    const name = /([A-Za-z0-9]+)\.states\.tsx?$/.exec(file)![1]!;
    const component = galleryComponents.find((c) => c.name === name);
    expect(component, `${file} is missing from the gallery`).toBeDefined();
    expect(component!.states.map((s) => s.name)).toEqual(Object.keys(states));
    for (const state of component!.states) {
      expect(state.description).toBe(states[state.name]!.description);
      expect(reviewLinks(component!, state).length).toBeGreaterThan(0);
    }
  });

  it('lists no component without a states file', () => {
    expect(galleryComponents).toHaveLength(files.length);
  });

  it('lists every main state in each review language, for every component', () => {
    for (const c of galleryComponents) {
      const main = c.states.filter((s) => s.main && s.locale === null);
      expect(main.length, `${c.name} has no main state`).toBeGreaterThan(0);
      for (const s of main) expect(reviewLinks(c, s).map((l) => l.locale)).toEqual(expect.arrayContaining(['en', 'de', 'ar', 'ja']));
    }
  });

  it('gives every entry its own URL', () => {
    const urls = galleryComponents.flatMap((c) => c.states.flatMap((s) => reviewLinks(c, s).map((l) => l.url)));
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBeGreaterThanOrEqual(40);
  });
});

describe('collectComponents', () => {
  const file = '../../src/components/FancyBox/FancyBox.states.ts';

  it('shows a state added to a states file, with no other edit', () => {
    const before = collectComponents({ [file]: { states: { plain: { description: 'Plain', props: {} } } } });
    const after = collectComponents({ [file]: { states: { plain: { description: 'Plain', props: {} }, shiny: { description: 'Shiny', props: { glow: true } } } } });
    expect(findEntry(before, 'fancy-box', 'shiny')).toBeNull();
    const found = findEntry(after, 'fancy-box', 'shiny');
    expect(found?.state).toMatchObject({ name: 'shiny', description: 'Shiny', props: { glow: true }, locale: null, main: false });
    expect(reviewLinks(found!.component, found!.state).map((l) => l.url)).toContain('/gallery/fancy-box/shiny?locale=en');
  });

  it('refuses a states file without `states`, or a state without a description', () => {
    expect(() => collectComponents({ [file]: { other: {} } })).toThrow(/exports no `states`/);
    expect(() => collectComponents({ [file]: { states: { bad: { props: {} } } } })).toThrow(/"bad" has no description/);
  });

  it('records the locale a state pins, so the index lists it in that language only', () => {
    const [c] = collectComponents({ [file]: { states: { french: { description: 'French', main: true, props: { locale: 'fr' } } } } });
    expect(c!.states[0]!.locale).toBe('fr');
    expect(reviewLinks(c!, c!.states[0]!).map((l) => l.url)).toEqual(['/gallery/fancy-box/french?locale=fr']);
  });
});
