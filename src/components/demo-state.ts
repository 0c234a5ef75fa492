/**
 * The shape every `<Name>.states.ts` exports (STYLE.md habit 4): named props the demo site and
 * visual tests render one by one, so a new state is added in one place.
 */
export interface DemoState<P> {
  /** One line for the demo page heading. */
  description: string;
  /**
   * One of the component's main states: the gallery lists it in every theme and review language,
   * and the visual tests screenshot it (demo/gallery, e2e/tests/gallery).
   */
  main?: boolean;
  props: P;
}

export type DemoStates<P> = Record<string, DemoState<P>>;
