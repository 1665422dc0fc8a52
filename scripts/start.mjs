// `npm start`: build what is not built, then run the server in this process (so SIGTERM
// reaches it directly and it drains).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/main.js');
