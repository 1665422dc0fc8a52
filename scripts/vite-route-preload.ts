/**
 * A Vite build plugin that starts a first screen's lazy chunks with the entry instead of after
 * it. Routes are lazy, so the browser only learns which chunks /login needs once the 125 kB
 * entry has arrived and run: a second round trip on the first paint's critical path. This
 * writes a tiny module, `assets/route-preload-<hash>.js`, loaded before the entry from
 * index.html, that adds `modulepreload` links for the chunks (and stylesheets) the current
 * path's page will import. An external file rather than an inline script: the CSP allows
 * script-src 'self' only.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  ROUTE_PRELOAD_DONE,
  ROUTE_PRELOAD_STATE,
} from '../apps/web/src/app/route-preload-signal.ts';

/** Every chunk a chunk imports statically, all the way down. */
export function staticClosure(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()) {
  for (const file of chunk.imports) {
    if (seen.has(file)) continue;
    seen.add(file);
    const imported = bundle[file];
    if (imported?.type === 'chunk') staticClosure(bundle, imported, seen);
  }
  return seen;
}

/**
 * The chunks of `sources` (files relative to `root`) and every chunk they import statically:
 * what a route's lazy page loads. A string names a source no chunk holds.
 */
export function chunksOfSources(bundle: OutputBundle, root: string, sources: string[]) {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const files = new Set<string>();
  for (const source of sources) {
    const id = path.resolve(root, source);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) return `no chunk holds ${source}`;
    files.add(chunk.fileName);
    staticClosure(bundle, chunk).forEach((file) => files.add(file));
  }
  return files;
}

/** The chunk's own stylesheets and those of the chunks it imports. */
export function stylesOf(bundle: OutputBundle, files: Iterable<string>) {
  const css = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    chunk.viteMetadata?.importedCss.forEach((name) => css.add(name));
  }
  return css;
}

/**
 * Runs in the browser: links for this path's files, before the entry needs them. A few at a
 * time, in tasks of ~5 ms: Chromium spends 1–7 ms of main thread on each insertion on a phone
 * (4× CPU), and Home's ~80 in one task were a 230 ms task right after the first paint. The app
 * creates its router once they are all in (src/app/route-preload-signal.ts): the router's
 * first lazy route would otherwise add the missing ones itself, all in one task.
 */
const RUNTIME = `
const files = ROUTES[location.pathname.replace(/\\/+$/, '') || '/'] || [];
self.${ROUTE_PRELOAD_STATE} = 'adding';
const add = (from) => {
  const until = performance.now() + 5;
  let at = from;
  for (; at < files.length && (at === from || performance.now() < until); at += 1) {
    const href = files[at];
    if (document.head.querySelector('link[href="' + href + '"]')) continue;
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (at < files.length) return void setTimeout(add, 0, at);
  self.${ROUTE_PRELOAD_STATE} = 'done';
  dispatchEvent(new Event('${ROUTE_PRELOAD_DONE}'));
};
add(0);
`;

/**
 * `routes`: a path (no trailing slash) → the source files, relative to the app's root, of the
 * modules its page loads lazily (the layout and the page).
 */
export function routePreload(routes: Record<string, string[]>): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sampada-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return this.error('route-preload: no entry or HTML');
      const loaded = new Set([entry.fileName, ...staticClosure(bundle, entry)]);
      const map: Record<string, string[]> = {};
      for (const [route, sources] of Object.entries(routes)) {
        const files = chunksOfSources(bundle, config.root, sources);
        if (typeof files === 'string') return this.error(`route-preload: ${files}`);
        const scripts = [...files].filter((file) => !loaded.has(file));
        const styles = [...stylesOf(bundle, scripts)];
        map[route] = [...styles, ...scripts].map((file) => `${config.base}${file}`);
      }
      const source = `const ROUTES = ${JSON.stringify(map)};${RUNTIME}`;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script type="module" crossorigin src="${config.base}${fileName}"></script>`;
      const page = String(html.source);
      const at = page.indexOf('<script type="module"');
      if (at === -1) return this.error('route-preload: no module script in index.html');
      html.source = `${page.slice(0, at)}${tag}\n    ${page.slice(at)}`;
    },
  };
}
