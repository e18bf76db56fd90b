import { escapeHtml } from '../services/escape-html';

/*
 * The frame of the pages the server answers as plain HTML with no script (a share link's page, the
 * unsubscribe page): the CSP forbids inline script, and a visitor on 2G needs nothing more. Light or
 * dark as the device prefers, at home on a 360 px phone.
 */

const styles = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--brand:#047857;--brand-text:#fff;--alert:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#cbd5e1;--line:#1e293b;--brand:#10b981;--brand-text:#022c22;--alert:#fca5a5}}
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;background:var(--bg);color:var(--text);line-height:1.5}
header{padding:1rem;font-weight:700}header a{color:inherit;text-decoration:none}
main{max-width:32rem;margin:0 auto;padding:0 1rem 2rem}
section{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .25rem;overflow-wrap:anywhere}p{margin:.25rem 0}.muted{color:var(--muted);font-size:.9rem}
.button{display:block;width:100%;margin-top:1rem;padding:.75rem 1rem;min-height:44px;border:0;border-radius:.5rem;background:var(--brand);color:var(--brand-text);font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button:focus-visible,input:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;margin-top:.25rem;padding:.6rem .75rem;min-height:44px;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted);border-radius:.5rem}
[role=alert]{color:var(--alert);font-weight:600;margin-top:.75rem}
`;

/** A whole page: `body` is HTML the caller escaped. */
export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)} | NGO Portal</title><style>${styles}</style></head>
<body><header><a href="/">NGO Portal</a></header><main>${body}</main></body></html>`;
}
