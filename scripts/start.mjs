// `npm start`: build what is not built, then run the server in this process (so SIGTERM
// reaches it directly and it drains).
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
register();
await import('../apps/server/src/main.ts');
