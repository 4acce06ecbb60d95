// Every browser test file: report what the browser showed when a test fails (see failure-report.ts).
import { afterEach, beforeEach, inject, type TestContext } from 'vitest';
import { reportAfterFailure, setFailureCheck } from './failure-report.ts';

let current: TestContext['task'] | undefined;
setFailureCheck(() => current?.result?.state === 'fail');

beforeEach(({ task }) => {
  current = task;
});
// Runs after the file's own afterEach (hooks unwind as a stack), whose context closes report first.
afterEach(async () => {
  if (current?.result?.state === 'fail') await reportAfterFailure(inject('logFile'));
});
