/** Pure card logic, no DOM: imported by the field frames and the sandbox fields page only. */
export { brandInfo, detectBrand, infoForBrand, maxLength, type BrandInfo } from './brand.ts';
export { luhnValid } from './luhn.ts';
export { digitsOnly, formatCardNumber, groupDigits, normalizeCardNumber } from './format.ts';
export { expiryDateProblem, expiryProblem, expiryValid, formatExpiry, parseExpiry, type Expiry, type ExpiryProblem } from './expiry.ts';
export { cvcLength, cvcValid, normalizeCvc } from './cvc.ts';
export { cardNumberComplete, cardNumberProblem, type NumberProblem } from './number.ts';
