/**
 * The shell both documentation pages share: language, title, the stylesheet, a skip link and the
 * bar that links the reference, the error codes and the machine-readable contract. Server-rendered
 * text with no input from the request, except the reference page's nonce (base64, no markup).
 */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

type Current = '/docs' | '/docs/errors';

const LINKS: readonly [href: string, label: string][] = [
  ['/docs', 'API reference'],
  ['/docs/errors', 'Error codes'],
  ['/openapi.yaml', 'OpenAPI contract (YAML)'],
  ['/openapi.json', 'OpenAPI contract (JSON)'],
  ['/llms.txt', 'llms.txt'],
];

function bar(current: Current): string {
  const items = LINKS.map(([href, label]) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a></li>`).join('');
  return `<header class="bar"><span class="name">svcpay API</span><nav aria-label="Developer documentation"><ul>${items}</ul></nav></header>`;
}

export interface Shell {
  title: string;
  description: string;
  current: Current;
  /** Where the skip link goes: the id of the page's main content. */
  mainId: string;
  body: string;
  /** Script elements after the content (the reference's renderer); never inline code. */
  scripts?: string;
}

export function shell({ title, description, current, mainId, body, scripts = '' }: Shell): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<a class="skip" href="#${mainId}">Skip to content</a>
${bar(current)}
${body}
${scripts}</body>
</html>
`;
}
