import { existsSync } from 'node:fs';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, SHARED_BROWSER_ENV } from './browser.ts';
import { ROOT, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    logFile: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Without a build the server answers every page with 404 and every journey times out on it.
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error(
      'apps/web/dist holds no build: run `npm run test:e2e` (it builds first) or `npm run build`',
    );
  const [server, browser] = await Promise.all([startServer('e2e'), launchBrowserServer()]);
  // The test files run in workers started after this: they inherit the endpoint (browser.ts).
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  project.provide('baseUrl', server.baseUrl);
  project.provide('logFile', server.logFile);
  project.provide('databaseUrl', server.databaseUrl);
  return async () => {
    await browser.close();
    await server.stop();
  };
}
