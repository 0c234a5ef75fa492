/**
 * The store's small repositories: process-wide meta values, the sealed values the start-up re-seal
 * walks (engine/reseal.ts), and browser error reports. Part of the store contract (./types.ts).
 */
export interface MetaReads {
  get(key: string): Promise<string | undefined>;
}
export interface MetaRepo extends MetaReads {
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Where a sealed value lives (engine/sealed.ts binds it there): a table, a column or record field, and the row's owner. */
export interface SealedAt {
  table: string;
  column: string;
  id: string;
}

/** A sealed value as stored (engine/sealed.ts): what it is bound to, the row that holds it, the sealed text. */
export interface StoredSealedValue {
  at: SealedAt;
  /** The store's own handle on the row (for an API key, its hash; the owner in `at` is the merchant). */
  row: string;
  value: string;
}

/** Every sealed value, for the start-up re-seal (engine/reseal.ts). */
export interface SealedValueRepo {
  /** The sealed values whose text does not start with `prefix` (the current key's `v2.<kid>.`), and the sealed meta rows not so sealed. */
  listNotStartingWith(prefix: string): Promise<StoredSealedValue[]>;
  put(v: StoredSealedValue, sealed: string): Promise<void>;
}

export interface ClientErrorRepo {
  insert(sessionId: string | null, message: string, context: unknown, now: string): Promise<void>;
  /** How many reports were made at or after `sinceIso`. */
  countSince(sinceIso: string): Promise<number>;
  /** Deletes the reports made before `beforeIso`; how many went. */
  prune(beforeIso: string): Promise<number>;
}
