import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON lines for machines; readable lines when a person watches the terminal. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  pretty = process.stdout.isTTY,
): Logger {
  return pino({
    level: config.LOG_LEVEL,
    // Tokens travel in this header: never write them to a log.
    redact: ['req.headers["x-request-tktoken"]', 'req.headers.cookie', 'req.headers.authorization'],
    ...(pretty && config.NODE_ENV !== 'production'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
