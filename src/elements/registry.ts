/**
 * The element registry, frame side (ARCHITECTURE.md, data flow 2): for every element type, what it
 * renders and what it collects. The field frames and the controller read it; the embed script
 * reads its page-side part, `elementFrames` in src/vocab/elements.ts, which this extends (so the
 * two cannot disagree). Adding an element is one entry here, one in `elementFrames`, and its
 * component in the frame page the entry names. Free of components and zod: the controller frame
 * loads it.
 */
import type { MessageKey } from '../locales/index.ts';
import { elementFrames, elementTypes, fieldTypes, type ElementFrameSpec, type ElementPage, type ElementType } from '../vocab/elements.ts';

export { elementFrames, elementTypes, type ElementPage, type ElementType };

/**
 * What the controller takes from an element on confirmPayment:
 * - `card`: its part of the card (merged across the split fields into the charge's `card`);
 * - `address`: validated; a billing address goes into the charge's `billingAddress`;
 * - `none`: nothing, it is not asked (a wallet pays on its own, from its own frame).
 */
export type Collects = 'card' | 'address' | 'none';

export interface ElementEntry extends ElementFrameSpec {
  collects: Collects;
  /** Its state carries the detected card brand. */
  brand?: true;
  /** What it is missing when it is invalid and cannot say more. */
  incomplete?: MessageKey;
}

/**
 * The frame-side half on its own, split by reader so each frame carries only what it reads (issue
 * 9): the controller imports `elementBehaviour`, the field link `carriesBrand`, and neither the
 * embed's titles and sizes.
 */
export const elementBehaviour: Record<ElementType, Omit<ElementEntry, keyof ElementFrameSpec | 'brand'>> = {
  card: { collects: 'card', incomplete: 'error.incomplete_number' },
  cardNumber: { collects: 'card', incomplete: 'error.incomplete_number' },
  cardExpiry: { collects: 'card', incomplete: 'error.incomplete_expiry' },
  cardCvc: { collects: 'card', incomplete: 'error.incomplete_cvc' },
  address: { collects: 'address', incomplete: 'address.error.required' },
  wallet: { collects: 'none' },
};

/** `brand` of each entry: its state carries the detected card brand (only an input holding the number can know it). */
export const carriesBrand: Record<ElementType, boolean> = { card: true, cardNumber: true, cardExpiry: false, cardCvc: false, address: false, wallet: false };

/** Every entry whole (tests, tools); pure, so no frame that does not read it carries it. */
export const elementRegistry = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ elementTypes.map((type) => [type, { ...elementFrames[type], ...elementBehaviour[type], ...(carriesBrand[type] ? { brand: true } : {}) }]),
) as Record<ElementType, ElementEntry>;

/**
 * Whether a frame document of `page` renders `type`: a frame whose hash names another type stays
 * inert. `elementFrames[type].page === page`, spelled without that table (the embed's titles), which
 * no frame needs to carry (issue 22); registry.test.ts checks the two agree.
 */
export const rendersOn = (type: ElementType, page: ElementPage): boolean => (page === 'field' ? (fieldTypes as readonly string[]).includes(type) : type === page);
