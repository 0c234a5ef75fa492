/** The structure checks as pure functions over the graph and the file list, so tests can feed them. */
import { circles, type Graph } from './graph.ts';
import { countedFolders, enginePart, generatedFiles, importRules, maxFolderFiles, maxLines, measuredFile, testFile, type ImportRule } from './rules.ts';

export function importViolations(graph: Graph, rules: ImportRule[] = importRules): string[] {
  const out: string[] = [];
  for (const [from, tos] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const to of [...tos].sort()) {
      for (const rule of rules) {
        if (!rule.tests && testFile.test(from)) continue;
        if (rule.from.test(from) && rule.to.test(to)) out.push(`${rule.name}: ${from} imports ${to} (${rule.why})`);
      }
    }
  }
  return out;
}

export function circleViolations(graph: Graph): string[] {
  return circles(graph).map((c) => `import circle: ${c.join(' <-> ')}`);
}

/** Two engine parts (rules.ts `enginePart`) that import each other, test files aside, with one import each way. */
export function tieViolations(graph: Graph): string[] {
  const part = (f: string) => enginePart.exec(f)?.[1];
  const first = new Map<string, string>();
  for (const [from, tos] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const a = part(from);
    if (!a || testFile.test(from)) continue;
    for (const to of [...tos].sort()) {
      const b = part(to);
      if (b && b !== a && !first.has(`${a} ${b}`)) first.set(`${a} ${b}`, `${from} imports ${to}`);
    }
  }
  return [...first]
    .filter(([k]) => {
      const [a, b] = k.split(' ') as [string, string];
      return a < b && first.has(`${b} ${a}`);
    })
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, one]) => {
      const [a, b] = k.split(' ') as [string, string];
      return `engine-parts-one-way: ${a} and ${b} import each other (${one}; ${first.get(`${b} ${a}`)}): move the shared piece down into the part both use, or pass it in`;
    });
}

/** `files`: repository paths. An engine folder's top level counts every file, tests included. */
export function folderViolations(files: string[]): string[] {
  const counts = new Map<string, number>();
  for (const f of files) {
    const dir = f.slice(0, Math.max(0, f.lastIndexOf('/')));
    if (countedFolders.test(dir)) counts.set(dir, (counts.get(dir) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n > maxFolderFiles)
    .sort()
    .map(([dir, n]) => `crowded folder: ${dir} holds ${n} files at its top level (at most ${maxFolderFiles}; group them by domain)`);
}

export function lengthViolations(lines: Map<string, number>): string[] {
  return [...lines]
    .filter(([f, n]) => measuredFile.test(f) && !generatedFiles.has(f) && n > maxLines)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([f, n]) => `long file: ${f} has ${n} lines (at most ${maxLines}; split it along a seam)`);
}
