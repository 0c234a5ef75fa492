import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasMessage } from '../locales/index.ts';
// What svcpay.js reads (embed/element.ts, embed/group.ts import it from there).
import { elementFrames as embedCopy, elementPages } from '../vocab/elements.ts';
import { carriesBrand, elementBehaviour, elementRegistry, elementTypes, rendersOn } from './registry.ts';

const root = join(import.meta.dirname, '..', '..');

describe('the element registry', () => {
  it('has an entry for every element type, and nothing else', () => {
    for (const table of [elementRegistry, elementBehaviour, carriesBrand, embedCopy]) expect(Object.keys(table).sort()).toEqual([...elementTypes].sort());
  });

  it("agrees with the embed script's copy on everything the page side reads", () => {
    for (const type of elementTypes) {
      const { page, title, slot, value, allow } = elementRegistry[type];
      expect({ page, title, slot, value, allow }, type).toEqual(embedCopy[type]);
    }
  });

  it('names a frame page that exists, is built and renders the type', () => {
    const vite = readFileSync(join(root, 'scripts', 'vite-frame-pages.ts'), 'utf8');
    for (const type of elementTypes) {
      const { page } = elementRegistry[type];
      expect(elementPages).toContain(page);
      expect(existsSync(join(root, 'src', 'frames', `${page}.html`)), `${page}.html`).toBe(true);
      expect(vite).toContain(`'src/frames/${page}.html'`);
      expect(rendersOn(type, page)).toBe(true);
      for (const other of elementPages.filter((p) => p !== page)) expect(rendersOn(type, other)).toBe(false);
    }
  });

  it('keeps card values out of the page: only an address says its change carries a value', () => {
    expect(elementTypes.filter((t) => elementRegistry[t].value)).toEqual(['address']);
  });

  it('gives a brand only to the types whose input holds the number', () => {
    expect(elementTypes.filter((t) => elementRegistry[t].brand)).toEqual(['card', 'cardNumber']);
  });

  it('gives every frame an accessible title, and only a wallet the payment permission', () => {
    for (const type of elementTypes) expect(elementRegistry[type].title, type).toMatch(/^Secure .+ frame$/);
    expect(elementTypes.filter((t) => elementRegistry[t].allow)).toEqual(['wallet']);
  });

  it('collects the card from the card types, an address from the address, nothing from a wallet', () => {
    expect(Object.fromEntries(elementTypes.map((t) => [t, elementRegistry[t].collects]))).toEqual({
      card: 'card',
      cardNumber: 'card',
      cardExpiry: 'card',
      cardCvc: 'card',
      address: 'address',
      wallet: 'none',
    });
    for (const t of elementTypes) {
      const key = elementRegistry[t].incomplete;
      if (elementRegistry[t].collects !== 'none') expect(key !== undefined && hasMessage(key), t).toBe(true);
    }
  });
});
