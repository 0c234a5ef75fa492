/** Doc 1: the largest amount in minor units any call takes (99,999,999). */
export const MAX_AMOUNT = 99_999_999;
