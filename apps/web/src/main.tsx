import './app/mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { routerSettled } from './app/first-render';
import { router } from './app/router';
import { watchDevice } from './lib/app-settings';
import { warnIfStorageUnsupported } from './lib/storage';

warnIfStorageUnsupported();
watchDevice();

const container = document.getElementById('root')!;
const root = createRoot(container);
// A transition: React renders the first screen in slices and yields between them, instead of
// one long task that blocks input while the page is already on screen.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// With a static copy of this screen in the HTML (scripts/vite-prerender.ts), it stays until
// the real one can replace it; without one, the route's loading fallback shows meanwhile.
if (container.querySelector('[data-prerendered]')) void routerSettled(router).then(render);
else render();
