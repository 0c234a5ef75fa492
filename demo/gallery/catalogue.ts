/**
 * What the designers' gallery shows (issue 10, "The designers' gallery"): every state of every
 * component, read from the `*.states.ts` files (STYLE.md habit 4), so a state added there appears
 * in the index, at its own URL, with no other edit. Pure: the glob that finds the files lives in
 * ./states.ts, so tests can hand in modules of their own.
 */
import type { DemoState } from '../../src/components/demo-state.ts';

export interface GalleryState {
  /** The key in the states file: the last segment of the entry's URL. */
  name: string;
  description: string;
  props: unknown;
  /** A main state (DemoState.main): listed in every theme and review language, screenshot by the visual tests. */
  main: boolean;
  /** The locale the state pins in its props (a state about French wording), if any. */
  locale: string | null;
}

export interface GalleryComponent {
  /** `CardFields`, from `CardFields.states.ts`. */
  name: string;
  /** `card-fields`: the entry URL's component segment. */
  slug: string;
  /** The states file, as the glob named it. */
  file: string;
  states: GalleryState[];
}

/** `CardFields` -> `card-fields`. */
export const slugOf = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const isDemoState = (v: unknown): v is DemoState<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as DemoState<unknown>).description === 'string' && 'props' in v;

function pinnedLocale(props: unknown): string | null {
  const locale = typeof props === 'object' && props !== null ? (props as { locale?: unknown }).locale : undefined;
  return typeof locale === 'string' ? locale : null;
}

/**
 * The components of `modules` (path -> module, as `import.meta.glob` hands them over), sorted by
 * name, each state in its file's order. A states file without a `states` export, or with an entry
 * that is not a DemoState, throws: a gallery that silently skipped it would hide the state.
 */
export function collectComponents(modules: Record<string, unknown>): GalleryComponent[] {
  return Object.entries(modules)
    .map(([file, mod]) => {
      const name = /([A-Za-z0-9]+)\.states\.tsx?$/.exec(file)?.[1];
      const states = (mod as { states?: unknown } | null)?.states;
      if (!name || typeof states !== 'object' || states === null) throw new Error(`gallery: ${file} exports no \`states\``);
      return {
        name,
        slug: slugOf(name),
        file,
        states: Object.entries(states).map(([key, state]) => {
          if (!isDemoState(state)) throw new Error(`gallery: ${file} state "${key}" has no description or props`);
          return { name: key, description: state.description, props: state.props, main: state.main === true, locale: pinnedLocale(state.props) };
        }),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function findEntry(components: readonly GalleryComponent[], slug: string, stateName: string) {
  const component = components.find((c) => c.slug === slug);
  const state = component?.states.find((s) => s.name === stateName);
  return component && state ? { component, state } : null;
}

/** `CardFields` -> `Card fields`, for headings. */
export const titleOf = (name: string): string => {
  const words = slugOf(name).split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
