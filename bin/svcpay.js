#!/usr/bin/env node
/**
 * `npx svcpay`: the command line (src/cli; `npx svcpay --help`). With no command it starts the
 * reference server, as `npm start` runs it; `npx svcpay processor` starts the sandbox processor
 * alone, as `npm run processor` runs it (docs/operator.md, "Configuration"; docs/qa.md, "CLI"). The package ships the
 * TypeScript sources and runs them through tsx (a dependency), registered in this process so
 * signals reach the server directly. The browser bundles the server serves (dist/app, dist/embed)
 * ship built; only the commands that start a server check for them.
 */
import { register } from 'tsx/esm/api';

// Our own compiler settings, not those of whichever project runs us.
register({ tsconfig: false });
const { runCli } = await import('../src/cli/main.ts');
const code = await runCli(process.argv.slice(2));
// A command that started a server resolves with nothing: the server ends the process itself.
if (code !== undefined) process.exitCode = code;
