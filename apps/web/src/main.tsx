import './app/mantine-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchDevice } from './lib/app-settings';
import { warnIfStorageUnsupported } from './lib/storage';

warnIfStorageUnsupported();
watchDevice();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
