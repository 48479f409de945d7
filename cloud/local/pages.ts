/** The local cloud's few HTML pages (Google consent, checkout): one dark look, defined once, no scripts. */

const CSS = `:root{color-scheme:dark}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#111315;color:#e6e8ea;font:14px/1.5 system-ui,sans-serif}
main{width:min(380px,90vw);padding:28px;border:1px solid #2a2e33;border-radius:10px;background:#181b1f}h1{margin:0 0 8px;font-size:18px}
p{margin:0 0 20px;color:#9aa3ad}label{display:grid;gap:6px;margin-bottom:14px;color:#9aa3ad;font-size:12px}
input{padding:8px 10px;border:1px solid #2f343a;border-radius:6px;background:#111315;color:#e6e8ea;font:inherit}
.actions{display:flex;gap:8px;margin-top:6px}button{padding:8px 14px;border:0;border-radius:6px;background:#e3a857;color:#16181b;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:transparent;color:#9aa3ad;border:1px solid #2f343a}`;

/** `formTargets`: origins a form's answer may redirect to (browsers hold redirects after a POST to form-action). */
export function htmlPage(title: string, body: string, formTargets: string[] = []): { html: string; headers: Record<string, string> } {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
  const formAction = ["'self'", ...formTargets].join(' ');
  return { html, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}` } };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
