#!/usr/bin/env node
// The operator CLI: TypeScript sources run through tsx's loader.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
