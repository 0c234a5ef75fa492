/**
 * The height a frame reports to the page that sizes it, or null while the frame has no width or
 * nothing drawn yet.
 *
 * A cross-origin frame runs in its own renderer, which learns its size from the embedding page
 * after it may already have laid out: at width 0 the card's fields stack and it measures 270 px
 * where, at its real width, it is 222. Reporting that would grow the merchant's frame for a moment
 * and shrink it back, the very jump the skeleton height exists to prevent (issue 9). Once the
 * width arrives, the content box changes size and the ResizeObserver reports the real height.
 * Likewise while the view has drawn nothing (a wallet asking the browser, an address reading the
 * session): its 6 px of padding would shrink the skeleton to a sliver and grow it back (issue 22).
 * A view with nothing to show says `unavailable`, and the page collapses the frame.
 */
export function reportableHeight(el: Element, view: { innerWidth: number } = window): number | null {
  if (view.innerWidth <= 0 || !el.firstElementChild) return null;
  // A box with padding never measures 0 once laid out: 0 is a frame not laid out yet or torn
  // down, and told to the page it painted the element at 0 px for a frame (issue 36).
  return el.getBoundingClientRect().height || null;
}
