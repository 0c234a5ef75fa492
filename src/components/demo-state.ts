/**
 * The shape every `<Name>.states.ts` exports (STYLE.md habit 4): named props the demo site and
 * visual tests render one by one, so a new state is added in one place.
 */
export interface DemoState<P> {
  /** One line for the demo page heading. */
  description: string;
  props: P;
}

export type DemoStates<P> = Record<string, DemoState<P>>;
