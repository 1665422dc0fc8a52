import './app/mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { routerSettled } from './app/first-render';
import { createAppRouter } from './app/router';
import { routePreloadFinished } from './app/route-preload-signal';
import { watchDevice } from './lib/app-settings';
import { DEFAULT_LANGUAGE, i18n, loadLanguage } from './lib/i18n';
import { warnIfStorageUnsupported } from './lib/storage';
import { installEscapeClosesTopLayerOnly } from './lib/escape-layers';
import { taskOfItsOwn } from './lib/task-of-its-own';

warnIfStorageUnsupported();
watchDevice();
installEscapeClosesTopLayerOnly();

const container = document.getElementById('root')!;
const root = createRoot(container);
// A device set to Hindi fetches it first, so its first screen is never English for a moment.
const language = i18n.language === DEFAULT_LANGUAGE ? undefined : loadLanguage(i18n.language);

function start() {
  const router = createAppRouter();
  // A transition: React renders the first screen in slices and yields between them, instead of
  // one long task that blocks input while the page is already on screen.
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
  // With a static copy of this screen in the HTML (scripts/vite-prerender.ts), it stays until
  // the real one can replace it; without one, the route's loading fallback shows meanwhile.
  if (container.querySelector('[data-prerendered]')) {
    void Promise.all([routerSettled(router), language]).then(render);
  } else if (language) void language.then(render);
  else render();
}

// The router once the first screen's preload links are in (app/router.tsx says why), in a task
// of its own: created in the entry's task it added its first navigation to the page's longest
// task (decision 078).
void routePreloadFinished().then(taskOfItsOwn).then(start);
