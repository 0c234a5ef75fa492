/**
 * Braintree's answers are XML (the `braintree` Node SDK sends JSON and asks for
 * `Accept: application/xml`): elements named in dashes, with `type` attributes for what is not a
 * string (`integer`, `boolean`, `datetime`, `array`) and `nil="true"` for null. This writes plain
 * values in that dialect; an array names its items with `item` unless told.
 */
export type XmlValue = string | number | boolean | null | undefined | Date | XmlObject | XmlArray;
export interface XmlObject {
  [key: string]: XmlValue;
}
/** A list, with the element name of its items (Braintree's `<transactions type="array"><transaction>…`). */
export interface XmlArray {
  items: XmlValue[];
  itemName: string;
}

export const list = (itemName: string, items: XmlValue[]): XmlArray => ({ items, itemName });

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const dasherize = (key: string) => key.replace(/_/g, '-').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const isArray = (v: XmlValue): v is XmlArray => typeof v === 'object' && v !== null && !(v instanceof Date) && Array.isArray((v as XmlArray).items) && typeof (v as XmlArray).itemName === 'string';

export function element(name: string, value: XmlValue): string {
  const tag = dasherize(name);
  if (value === null || value === undefined) return `<${tag} nil="true"/>`;
  if (typeof value === 'number') return `<${tag} type="${Number.isInteger(value) ? 'integer' : 'decimal'}">${value}</${tag}>`;
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  if (value instanceof Date) return `<${tag} type="datetime">${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}</${tag}>`;
  if (typeof value === 'string') return `<${tag}>${escape(value)}</${tag}>`;
  if (isArray(value)) return value.items.length === 0 ? `<${tag} type="array"/>` : `<${tag} type="array">${value.items.map((i) => element(value.itemName, i)).join('')}</${tag}>`;
  return `<${tag}>${Object.entries(value).map(([k, v]) => element(k, v)).join('')}</${tag}>`;
}

/** A whole answer: the XML declaration and one root element. */
export const xmlDocument = (root: string, value: XmlValue) => `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value)}\n`;
