/**
 * The stylesheet of the documentation pages (`GET /docs/docs.css`): a file of its own, so neither
 * page needs an inline style in its CSP. The reference's body is Redoc's own styling; this sets
 * the bar above it and the whole of the error codes page.
 */
export const DOCS_CSS = `:root{color-scheme:light;--ink:#1f2933;--muted:#52606d;--line:#d9e2ec;--accent:#0b5cad;--tint:#f5f7fa}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
code{font:0.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--tint);padding:0.1em 0.3em;border-radius:3px}
.skip{position:absolute;left:-999px;top:0.5rem;background:#fff;padding:0.5rem 1rem;z-index:10}
.skip:focus{left:0.5rem}
.bar{display:flex;flex-wrap:wrap;align-items:baseline;gap:0.5rem 1.5rem;padding:0.75rem 1.5rem;border-bottom:1px solid var(--line);background:var(--tint)}
.bar .name{font-weight:700;margin-right:auto}
.bar ul{display:flex;flex-wrap:wrap;gap:0.25rem 1.25rem;margin:0;padding:0;list-style:none}
.bar a[aria-current="page"]{font-weight:700;text-decoration:none;color:var(--ink)}
.fallback{max-width:48rem;padding:1.5rem}
.codes{max-width:56rem;padding:1.5rem 1.5rem 4rem;margin:0 auto}
.codes h1{font-size:2rem;margin:0.5rem 0 1rem}
.codes .index{columns:20rem;padding:0;list-style:none;margin:0 0 2rem}
.codes .index li{break-inside:avoid;padding:0.1rem 0}
/* A code is one monospace word (mirror_shopify_shipping_unsupported): a column fits the longest, and a phone's line breaks it rather than overflow (issue 36). */
.codes code{overflow-wrap:anywhere}
.code{border-top:1px solid var(--line);padding:1.25rem 0;scroll-margin-top:1rem}
.code:target{background:#fffbea;outline:2px solid #f0b429;outline-offset:0.5rem}
.code h2{font-size:1.25rem;margin:0 0 0.75rem}
.code h2 code{background:none;padding:0;font-size:1em}
.code dl{display:grid;grid-template-columns:10rem 1fr;gap:0.35rem 1rem;margin:0}
.code dt{font-weight:600;color:var(--muted)}
.code dd{margin:0}
@media (max-width:40rem){.code dl{grid-template-columns:1fr}.code dd{margin-bottom:0.5rem}}
`;
