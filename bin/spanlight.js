#!/usr/bin/env node
// The `spanlight` command: registers tsx so Node runs the TypeScript sources directly, then starts the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../cli/spanlight.ts');
