/**
 * Focus and Escape for a group of inputs that the frame reports as one element (CardFields,
 * AddressFields): `focus` when focus enters the group from outside, `blur` when it leaves it,
 * not when it moves between the group's own inputs.
 */
import type { RefObject } from 'preact';

export interface FocusGroupEvents {
  onFocus?(): void;
  onBlur?(): void;
  onEscape?(): void;
}

export function focusGroup(root: RefObject<HTMLElement | null>, events: FocusGroupEvents) {
  const inside = (node: EventTarget | null) => node instanceof Node && Boolean(root.current?.contains(node));
  return {
    /** For each input's `onFocus`. */
    enter(event: FocusEvent): void {
      if (!inside(event.relatedTarget)) events.onFocus?.();
    },
    /** For each input's `onBlur`. */
    leave(event: FocusEvent): void {
      if (!inside(event.relatedTarget)) events.onBlur?.();
    },
    onKeyDown(event: KeyboardEvent): void {
      if (event.key === 'Escape') events.onEscape?.();
    },
  };
}
