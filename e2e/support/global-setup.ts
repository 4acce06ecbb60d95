import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    logFile: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer('e2e');
  project.provide('baseUrl', server.baseUrl);
  project.provide('logFile', server.logFile);
  project.provide('databaseUrl', server.databaseUrl);
  return () => server.stop();
}
