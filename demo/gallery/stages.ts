/**
 * Where each component lives for buyers, so the gallery shows it there: the element components in
 * an element frame (field.css, the appearance themes, the merchant's column width), the hosted
 * page's components in a frame with the hosted page's stylesheet, inside the box they sit in on it.
 */

export type Stage =
  /** Inside an element frame (src/frames/field.html and siblings): themable. */
  | { frame: 'element'; width: number }
  /** On the hosted page: `box` is the hosted page's class around it (styles.css). */
  | { frame: 'page'; width: number; box: 'checkout__card' | 'checkout__summary' }
  /** The whole hosted page, at a laptop's viewport. */
  | { frame: 'hosted'; width: number; height: number };

/** The demo shop's checkout column (shop.css: 32rem less its padding), where merchants mount elements. */
const COLUMN = 480;

const stages: Record<string, Stage> = {
  CardFields: { frame: 'element', width: COLUMN },
  AddressFields: { frame: 'element', width: COLUMN },
  WalletButton: { frame: 'element', width: COLUMN },
  OrderSummary: { frame: 'page', width: COLUMN, box: 'checkout__summary' },
  PayButton: { frame: 'page', width: COLUMN, box: 'checkout__card' },
  StatusPanel: { frame: 'page', width: COLUMN, box: 'checkout__card' },
  HostedPage: { frame: 'hosted', width: 1024, height: 768 },
};

/** A component not listed yet shows as a hosted-page component: it still gets its entries. */
export const stageOf = (component: string): Stage => stages[component] ?? { frame: 'page', width: COLUMN, box: 'checkout__card' };

/** Appearance themes apply inside element frames only (src/frames/field/appearance.ts). */
export const isThemed = (component: string): boolean => stageOf(component).frame === 'element';
