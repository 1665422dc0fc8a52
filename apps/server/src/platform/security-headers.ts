/**
 * The security headers every response carries, built once at start-up.
 *
 * These are exactly what @fastify/helmet produced with our policy (helmet 8 defaults plus the
 * CSP directives below), but helmet rebuilt its directive strings on every request, which
 * showed up at 3–8% of a profile of an authenticated API call (issue 13). Here the CSP string
 * is joined once and one onRequest hook copies a frozen object into the reply. Set in
 * onRequest (not onSend) so a route may still replace one, as Swagger UI does with its CSP
 * (hardened the same way by `hardenCsp`).
 *
 * Issue 21's policy: no plugins (object-src 'none'), no <base> (base-uri 'none'), no inline or
 * foreign script (script-src 'self', script-src-attr 'none'), never framed (frame-ancestors
 * 'none' and X-Frame-Options DENY), HSTS for a year, nosniff, no Referer sent.
 * HSTS only on an answer that went out over TLS (ours, or a trusted proxy's X-Forwarded-Proto,
 * issue 32): over plain HTTP a browser ignores it, and a stray one on a dev host pins it. Styles may be
 * inline (Mantine writes its CSS variables so); scripts never. There is no CORS: the apps are
 * served from the API's own origin, so no Access-Control-Allow-* header is ever sent, and a
 * foreign Origin is never echoed back.
 */
import type { FastifyInstance } from 'fastify';

const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // 'self' covers our own ws:/wss: (CSP 3); a bare `ws: wss:` let a page talk to any host.
  'connect-src': ["'self'"],
};

const joined = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

export const CONTENT_SECURITY_POLICY = joined(CSP_DIRECTIVES);

/** Directives a third-party widget's origin is added to: its script, its calls, its frames. */
const WIDGET_DIRECTIVES = ['script-src', 'connect-src', 'img-src', 'style-src', 'frame-src'];
const withOrigin = new Map<string, string>();

/**
 * The policy for the client app's page while settings name an external chat script (issue 19):
 * that script's origin — one https origin an admin chose — may run its script, call home, show
 * images and frames; everything else stays as above. Built once per origin.
 */
export function contentSecurityPolicyAllowing(origin: string) {
  let policy = withOrigin.get(origin);
  if (!policy) {
    const directives: Record<string, string[]> = { ...CSP_DIRECTIVES, 'frame-src': ["'self'"] };
    for (const name of WIDGET_DIRECTIVES) directives[name] = [...directives[name]!, origin];
    policy = joined(directives);
    withOrigin.set(origin, policy);
  }
  return policy;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** The same, for an answer sent over TLS. */
export const SECURITY_HEADERS_TLS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    // `protocol` reads X-Forwarded-Proto only when TRUST_PROXY names a proxy we trust.
    reply.headers(request.protocol === 'https' ? SECURITY_HEADERS_TLS : SECURITY_HEADERS);
    done();
  });
}

/** Another plugin's CSP (Swagger UI's) with our base-uri and frame-ancestors. */
export const hardenCsp = (policy: string) =>
  policy
    .replace(/base-uri [^;]*/, "base-uri 'none'")
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
