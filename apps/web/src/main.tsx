import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { M } from '@sampada/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchDevice } from './lib/app-settings';
import { translateMessage } from './lib/i18n';
import { isStorageSupported } from './lib/storage';

if (!isStorageSupported()) {
  window.alert(translateMessage(M.storageUnsupported));
}
watchDevice();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
