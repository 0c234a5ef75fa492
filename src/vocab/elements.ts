/** Elements vocabulary (ARCHITECTURE.md, data flow 2): what `elements.create(type)` accepts. */
export const elementTypes = ['card', 'cardNumber', 'cardExpiry', 'cardCvc', 'address', 'wallet'] as const;
export type ElementType = (typeof elementTypes)[number];

/** The element types a field frame renders (the rest are not built yet). */
export const fieldTypes = ['card', 'cardNumber', 'cardExpiry', 'cardCvc'] as const satisfies readonly ElementType[];
export type FieldType = (typeof fieldTypes)[number];

export const elementEventNames = ['ready', 'change', 'focus', 'blur', 'escape'] as const;
export type ElementEventName = (typeof elementEventNames)[number];

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];
