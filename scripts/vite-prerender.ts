/**
 * A Vite build plugin that gives the first screens real markup before any JavaScript runs
 * (issue 14, decision 005's third pass). The client app's HTML used to be an empty #root, so
 * the first paint waited for the entry, the route's chunks and React's first render.
 *
 * At build time it loads `module` through Vite's SSR loader, calls its `prerenderScreens()`
 * (path → markup rendered with react-dom/server) and writes `prerendered/<name>.html` for each
 * path: the built index.html with that markup in #root and the path's stylesheets as
 * render-blocking links, so the copy is styled at the first paint. The server answers those
 * paths with that file (app.ts). The app replaces the copy with the live screen in one commit
 * once its router has settled (src/app/first-render.ts).
 *
 * Every HTML file also gets `assets/boot-<hash>.js`, a tiny classic script in <head> (an
 * external file: the CSP allows script-src 'self' only) that does before the first paint what
 * needs the device's storage: Mantine's colour scheme attribute (its ColorSchemeScript), and
 * hiding the static copy, which is English, when the device chose another language, and
 * greeting a signed-in client in the copy of Home: by the name the device kept, or else by the
 * one its own client_info gives (decision 065). On a page with a copy it also starts the app's
 * module scripts, named in <meta> tags, once the copy has painted (decision 075).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OutputBundle } from 'rollup';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { greetingNameOf } from '../packages/shared/src/greeting.ts';
import { chunksOfSources, stylesOf } from './vite-route-preload.ts';

/** The attribute on the static copy's wrapper, and on <html> when the copy must not show. */
const COPY = 'data-prerendered';
const STALE = 'data-prerender-stale';
/** On a copy that greets the client by name, and on <html> when the device kept the name. */
const GREETS = 'data-prerender-greets';
const GREETING_KNOWN = 'data-greeting-known';
/** The greeting's element carries its sentence with this placeholder (DashboardPage). */
const TEMPLATE = 'data-greeting-template';
/** The <meta> name a page with a copy lists its module scripts under, in their order. */
const AFTER_PAINT = 'sampada-after-paint';
const AFTER_PAINT_SELECTOR = `meta[name="${AFTER_PAINT}"]`;
/** How long the app's start waits for the boot script's client_info. */
const CLIENT_INFO_PATIENCE_MS = 3000;
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

/** Runs in the browser before the first paint. Keys: Mantine's and lib/i18n.ts's. */
const BOOT = `(function () {
  var root = document.documentElement;
  var started = false;
  function read(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  var scheme = read(SCHEME_KEY) || 'auto';
  if (scheme !== 'light' && scheme !== 'dark')
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme);
  var language = null;
  try { language = JSON.parse(read(LANGUAGE_KEY) || 'null'); } catch (e) {}
  if (language && language !== DEFAULT_LANGUAGE) {
    // The copy stays hidden: nothing to paint first.
    root.setAttribute(STALE, '');
    return afterFirstPaint();
  }
  // The name a returning client was greeted with, kept beside the tokens (lib/storage.ts):
  // written into the copy's greeting as the parser inserts it, so the first paint shows it.
  var name = null;
  try {
    name = JSON.parse(sessionStorage.getItem(GREETING_KEY) || localStorage.getItem(GREETING_KEY) || 'null');
  } catch (e) {}
  if (typeof name === 'string' && name) {
    greet(name);
    return afterFirstPaint();
  }
  // A signed-in device that kept no name (its storage copied or restored without it): the
  // copy waits for the client's own client_info, asked for here rather than after the app's
  // scripts, and shows once the name is in it. Shown at once with the title instead, the copy
  // painted first and the app's greeting, larger, became the page's largest paint when the
  // profile came (Lighthouse: LCP 5.4 s against 3.2 s). Any failure leaves the copy hidden.
  var auth = null;
  try {
    auth = JSON.parse(sessionStorage.getItem(AUTH_KEY) || localStorage.getItem(AUTH_KEY) || 'null');
  } catch (e) {}
  if (!auth || typeof auth.access_token !== 'string' || !window.fetch) return afterFirstPaint();
  var greetingNameOf = GREETING_NAME_OF;
  // The app waits for the answer (it paints nothing before it either), but not forever.
  var patience = setTimeout(afterFirstPaint, PATIENCE_MS);
  fetch(CLIENT_INFO, { headers: { Authorization: 'Bearer ' + auth.access_token } })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(function (body) {
      var known = body && body.data && greetingNameOf(body.data);
      if (known) greet(known);
    })
    .catch(function () {})
    .then(function () {
      clearTimeout(patience);
      afterFirstPaint();
    });

  // A page with a copy names the app's modules in <meta> tags instead of loading them
  // (decision 075): they are asked for once the copy has painted — after the parse, one frame
  // and the paint — so the first paint never waits for the entry's download and run.
  function afterFirstPaint() {
    if (document.readyState === 'loading')
      return document.addEventListener('DOMContentLoaded', afterFirstPaint);
    requestAnimationFrame(function () {
      setTimeout(startModules, 0);
    });
  }
  function startModules() {
    if (started) return;
    started = true;
    var named = document.querySelectorAll(AFTER_PAINT_SELECTOR);
    for (var i = 0; i < named.length; i++) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = named[i].getAttribute('content');
      document.head.appendChild(script);
    }
  }

  function greet(name) {
    root.setAttribute(GREETING_KNOWN, '');
    function fill() {
      var greeting = document.querySelector('[' + GREETS + '] [' + TEMPLATE + ']');
      // Only once the parser has moved past it: writing into an open element would have the
      // parser append the rest of its text after ours.
      if (!greeting || (!greeting.nextSibling && document.readyState === 'loading')) return;
      greeting.textContent = greeting.getAttribute(TEMPLATE).replace('{{name}}', name);
      watch.disconnect();
    }
    var watch = new MutationObserver(fill);
    if (document.readyState !== 'loading') return fill();
    watch.observe(root, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', function () {
      fill();
      watch.disconnect();
    });
  }
})();
`;

export interface PrerenderOptions {
  /** The module, relative to the app's root, whose `prerenderScreens()` renders the copies. */
  module: string;
  /** Path → the source files of its lazily loaded modules, whose stylesheets it needs. */
  pages: Record<string, string[]>;
  colorSchemeKey: string;
  languageKey: string;
  defaultLanguage: string;
  /** Where the app keeps the name Home greets the client with (lib/storage.ts). */
  greetingKey: string;
  /** Where the app keeps the tokens (lib/storage.ts), and the profile's path they open. */
  authKey: string;
  clientInfoPath: string;
}

/** `/login` → `prerendered/login.html`: the file the server answers that path with. */
export const prerenderedFile = (pathname: string) =>
  `prerendered/${pathname.replace(/^\/+|\/+$/g, '').replaceAll('/', '--') || 'index'}.html`;

/** Web Storage with nothing in it: the copies are rendered for a device that stored nothing. */
class EmptyStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

async function renderScreens(config: ResolvedConfig, module: string) {
  const globals = globalThis as Record<string, unknown>;
  const saved = { localStorage: globals.localStorage, sessionStorage: globals.sessionStorage };
  globals.localStorage = new EmptyStorage();
  globals.sessionStorage = new EmptyStorage();
  const server = await createServer({
    root: config.root,
    configFile: config.configFile,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  try {
    const loaded = await server.ssrLoadModule(path.resolve(config.root, module));
    return (loaded.prerenderScreens as () => Record<string, string>)();
  } finally {
    await server.close();
    Object.assign(globals, saved);
  }
}

export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sampada-prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle: OutputBundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('prerender: no index.html');

      const boot = BOOT.replace('SCHEME_KEY', JSON.stringify(options.colorSchemeKey))
        .replace('LANGUAGE_KEY', JSON.stringify(options.languageKey))
        .replace('DEFAULT_LANGUAGE', JSON.stringify(options.defaultLanguage))
        .replace('STALE', JSON.stringify(STALE))
        .replaceAll('GREETING_KEY', JSON.stringify(options.greetingKey))
        .replaceAll('AUTH_KEY', JSON.stringify(options.authKey))
        .replace('CLIENT_INFO', JSON.stringify(options.clientInfoPath))
        .replace('GREETING_NAME_OF', greetingNameOf.toString())
        .replace('GREETING_KNOWN', JSON.stringify(GREETING_KNOWN))
        .replaceAll('GREETS', JSON.stringify(GREETS))
        .replaceAll('TEMPLATE', JSON.stringify(TEMPLATE))
        .replace('PATIENCE_MS', String(CLIENT_INFO_PATIENCE_MS))
        .replace('AFTER_PAINT_SELECTOR', JSON.stringify(AFTER_PAINT_SELECTOR));
      const hash = createHash('sha256').update(boot).digest('hex').slice(0, 8);
      const bootFile = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source: boot });
      // Inline style is allowed by the CSP (style-src 'unsafe-inline'); inline script is not.
      // The copy stays hidden until the style after it has been parsed: a paint of half of it
      // (the parser may yield mid-document on a slow device) would move it as the rest came.
      const head =
        `<script src="${config.base}${bootFile}"></script>\n    ` +
        `<style>[${COPY}] { visibility: hidden; }</style>\n    `;
      // A copy that greets by name shows only where the device kept the name.
      const reveal =
        `<style>html:not([${STALE}]) [${COPY}]:not([${GREETS}]), ` +
        `html[${GREETING_KNOWN}]:not([${STALE}]) [${COPY}][${GREETS}] { visibility: visible; }</style>`;
      const page = String(html.source).replace('<meta name="viewport"', (m) => `${head}${m}`);
      if (page === String(html.source)) return this.error('prerender: no viewport meta');
      html.source = page;
      // The copies' pages: the same HTML, its module scripts started by the boot script.
      const afterPaint = page.replace(
        MODULE_SCRIPT,
        (_m, src: string) => `<meta name="${AFTER_PAINT}" content="${src}">`,
      );
      if (afterPaint === page) return this.error('prerender: no module script in index.html');

      const screens = await renderScreens(config, options.module);
      for (const [pathname, sources] of Object.entries(options.pages)) {
        const markup = screens[pathname];
        if (!markup?.includes(COPY)) return this.error(`prerender: no markup for ${pathname}`);
        const files = chunksOfSources(bundle, config.root, sources);
        if (typeof files === 'string') return this.error(`prerender: ${files}`);
        const links = [...stylesOf(bundle, files)]
          .filter((file) => !page.includes(`${config.base}${file}`))
          .map((file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`)
          .join('\n    ');
        const withCopy = afterPaint
          .replace('</head>', `  ${links}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${markup}${reveal}</div>`);
        this.emitFile({ type: 'asset', fileName: prerenderedFile(pathname), source: withCopy });
      }
    },
  };
}
