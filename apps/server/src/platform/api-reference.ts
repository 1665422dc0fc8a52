/**
 * The two API references cut from the one OpenAPI document (issue 32): the public `/docs` shows
 * what clients call — the app's API, the stock-data API, the trading API — and the console's
 * routes, which map the back office for anyone who reads them, are a staff-only reference.
 * Each keeps only the named schemas its own paths reach, so a console shape's name does not
 * leak through the public components either.
 */
import { CONSOLE_API_PREFIX } from './staff-guard.ts';

type OpenApiDocument = { paths?: object; components?: object };

const isConsolePath = (path: string) => path.startsWith(`${CONSOLE_API_PREFIX}/`);

export const publicReference = <D extends OpenApiDocument>(doc: D): D =>
  referenceOf(doc, (path) => !isConsolePath(path));

export const staffReference = <D extends OpenApiDocument>(doc: D): D =>
  referenceOf(doc, isConsolePath);

function referenceOf<D extends OpenApiDocument>(doc: D, keep: (path: string) => boolean): D {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([p]) => keep(p)));
  const schemas = (doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  if (!schemas) return { ...doc, paths };
  const reached = reachedSchemas(paths, schemas);
  return {
    ...doc,
    paths,
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))),
    },
  };
}

const SCHEMA_REF = '#/components/schemas/';

/** The named schemas the paths refer to, and those they refer to in turn. */
function reachedSchemas(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const reached = new Set<string>();
  const pending: unknown[] = [paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
          // A JSON pointer's segment: ~1 stands for '/', ~0 for '~'.
          const name = value.slice(SCHEMA_REF.length).replace(/~1/g, '/').replace(/~0/g, '~');
          if (!reached.has(name)) {
            reached.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(value);
      }
    }
  }
  return reached;
}
