// `npm run sampada`: the operator CLI from the server's build (apps/server/dist/cli.js), rebuilt
// first when older than its sources. Run through tsx, the sources load some 900 files at every
// call: 12 s against 4 s for the build on a busy 2-core box.
import { buildServerIfNeeded } from './build-if-needed.mjs';

buildServerIfNeeded({ quiet: true });
await import('../apps/server/dist/cli.js');
