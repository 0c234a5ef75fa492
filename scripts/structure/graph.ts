/** The import graph as TypeScript resolves it, read from `tsc --explainFiles`. */

export type Graph = Map<string, Set<string>>;

/**
 * Parses `tsc --explainFiles` output: a file's line, then one indented line per importer
 * ("Imported via '<spec>' from file '<importer>'"), dynamic imports and `import type` included.
 * Files under node_modules are left out.
 */
export function parseExplainFiles(text: string): Graph {
  const graph: Graph = new Map();
  let current: string | null = null;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (!line.startsWith(' ')) {
      current = line.includes('node_modules/') || /^(error|\S+\(\d+,\d+\): error)/.test(line) ? null : line.trim();
      if (current && !graph.has(current)) graph.set(current, new Set());
      continue;
    }
    const m = /Imported via .* from file '([^']+)'/.exec(line);
    if (!current || !m) continue;
    const importer = m[1]!;
    if (importer.includes('node_modules/')) continue;
    if (!graph.has(importer)) graph.set(importer, new Set());
    graph.get(importer)!.add(current);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the import circles. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}
