import { StaticPage } from './static-page';

/** /cookie. */
export function CookiePage() {
  return <StaticPage page="cookie" />;
}
