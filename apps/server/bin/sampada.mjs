#!/usr/bin/env node
// The operator CLI, from the server's build (rebuilt first when older than its sources).
await import('../../../scripts/sampada.mjs');
