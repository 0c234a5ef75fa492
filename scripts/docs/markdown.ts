/**
 * Just enough Markdown for the guides' tests: fenced code blocks, headings and their GitHub anchors,
 * and relative links, all outside code fences.
 */

/** The contents of the top-level fenced code blocks (```lang … ```), in order. */
export function codeBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let open: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      if (open) blocks.push(open.join('\n'));
      open = open ? null : [];
    } else if (open) {
      open.push(line);
    }
  }
  return blocks;
}

/** The lines outside code fences (indented fences included), so `# comment` in a shell block is no heading. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor the document's headings make; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Links to files of this repository (no scheme), `path#anchor` or `#anchor`, outside code. */
export function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const line of prose(markdown)) {
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z][a-z+.-]*:/i.test(m[1]!)) links.push(m[1]!);
    }
  }
  return links;
}
