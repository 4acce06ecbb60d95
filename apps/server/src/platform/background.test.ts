import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background.ts';

const log = pino({ level: 'silent' });

describe('background tasks', () => {
  it('drain waits for running work, including work it starts meanwhile', async () => {
    const tasks = new BackgroundTasks();
    const done: string[] = [];
    tasks.run(async () => {
      await new Promise((r) => setTimeout(r, 30));
      done.push('first');
      tasks.run(async () => {
        await new Promise((r) => setTimeout(r, 30));
        done.push('second');
      }, log);
    }, log);
    await tasks.drain();
    expect(done).toEqual(['first', 'second']);
  });

  it('a failing task is logged, not an unhandled rejection; a stalled one does not hold drain past its bound', async () => {
    const tasks = new BackgroundTasks();
    const errors: unknown[] = [];
    const spy = { ...log, error: (obj: unknown) => errors.push(obj) } as unknown as typeof log;
    tasks.run(() => Promise.reject(new Error('boom')), spy);
    tasks.run(() => new Promise(() => undefined), log);
    const started = Date.now();
    await tasks.drain(100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(errors).toHaveLength(1);
  });
});
