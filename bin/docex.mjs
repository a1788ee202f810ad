#!/usr/bin/env node
// The `docex` command. The sources are TypeScript run through tsx (a dependency), so there is no build step.
import { register } from 'tsx/esm/api';

register();
process.env.DOCEX_CLI_ENTRY = '1';
await import('../server/cli.ts');
