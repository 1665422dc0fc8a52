/**
 * Swagger UI, the same build the server serves at /docs: loaded on first use from there rather
 * than bundled into the console, so a page few staff open costs the others nothing.
 */
import { session } from '../../../lib/session';

export type TSwaggerUi = (options: {
  spec: object;
  domNode: HTMLElement;
  supportedSubmitMethods: string[];
  requestInterceptor: (request: { headers: Record<string, string> }) => unknown;
  deepLinking: boolean;
}) => unknown;

declare global {
  interface Window {
    SwaggerUIBundle?: TSwaggerUi;
  }
}

const STATIC = '/docs/static';
let loading: Promise<TSwaggerUi> | undefined;

export function loadSwaggerUi(): Promise<TSwaggerUi> {
  if (window.SwaggerUIBundle) return Promise.resolve(window.SwaggerUIBundle);
  loading ??= new Promise<TSwaggerUi>((resolve, reject) => {
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = `${STATIC}/swagger-ui.css`;
    document.head.append(style);
    const script = document.createElement('script');
    script.src = `${STATIC}/swagger-ui-bundle.js`;
    script.onload = () =>
      window.SwaggerUIBundle ? resolve(window.SwaggerUIBundle) : reject(new Error(FAILED));
    script.onerror = () => {
      loading = undefined; // a later visit tries again
      reject(new Error(FAILED));
    };
    document.head.append(script);
  });
  return loading;
}

const FAILED = 'Could not load the API reference viewer. Reload the page to try again.';

/**
 * Renders `spec` into `node`. "Try it out" sends reads only, with the staff member's own
 * session: commands stay on the console's screens, where maker-checker and reasons apply.
 */
export async function renderReference(node: HTMLElement, spec: object): Promise<void> {
  const SwaggerUi = await loadSwaggerUi();
  SwaggerUi({
    spec,
    domNode: node,
    deepLinking: false,
    supportedSubmitMethods: ['get'],
    requestInterceptor: (request) => {
      const token = session.token();
      if (token) request.headers.Authorization = `Bearer ${token}`;
      return request;
    },
  });
}
