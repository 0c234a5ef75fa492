/**
 * How a gallery frame says it shows its state: `data-gallery-ready` on its root element, which
 * the entry page reads to size the frame and the visual tests wait for before a screenshot.
 */
export function markReady(doc: Document): void {
  doc.documentElement.dataset.galleryReady = 'true';
}

export function missing(root: HTMLElement): void {
  root.textContent = 'No such gallery entry.';
  markReady(root.ownerDocument);
}
