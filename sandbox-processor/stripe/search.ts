/**
 * Stripe's search query language, the one clause the adapter sends: `metadata['key']:'value'`,
 * optionally several joined by ` AND `. Anything else is refused (null) rather than half-read.
 */
const CLAUSE = /^metadata\['([A-Za-z0-9_.-]{1,40})'\]:'([^'\\]{0,500})'$/;

export function searchMatches(query: string): ((metadata: Record<string, string>) => boolean) | null {
  const clauses = query.trim().split(/\s+AND\s+/);
  const pairs: [string, string][] = [];
  for (const clause of clauses) {
    const m = CLAUSE.exec(clause.trim());
    if (!m) return null;
    pairs.push([m[1]!, m[2]!]);
  }
  return (metadata) => pairs.every(([k, v]) => metadata[k] === v);
}
