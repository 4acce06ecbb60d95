/** Starts one server process: config → database (embedded or external) → migrations → demo data → HTTP. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './logger.ts';
import { mediaToolsFor } from './modules/media/index.ts';
import { applyHeapGrowth } from './platform/heap-growth.ts';
import { seedDemo } from './seed/demo.ts';
import { publicUrlWarning, startBanner } from './start-banner.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  applyHeapGrowth(config.V8_HEAP_GROWING_PERCENT);
  const logger = createLogger(config);
  // Which ffmpeg decodes uploads, and its version (an FFMPEG_PATH too old or broken stops the start).
  let media;
  try {
    media = mediaToolsFor(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  logger[media.level](media.message);
  logger.info(
    config.DATABASE_URL ? 'using the PostgreSQL server in DATABASE_URL' : `data folder: ${config.dataDir}`,
  );
  if (config.legacyDataDir && !config.DATABASE_URL)
    logger.warn('the data folder is still in apps/server/data: stop the server and move it to ./data');
  const database = await openDatabase(config, (msg) => logger.info(msg));
  const app = await buildApp({ config, db: database.db, logger, databaseUrl: database.url });
  if (config.MEDIA_WORKER === 'only') {
    // A worker process (docs/deploy.md): the jobs run (transcoding among them), no HTTP port opens.
    await app.ready();
    logger.info('worker process: running jobs (MEDIA_WORKER=only), no HTTP');
  } else {
    if (config.SEED_DEMO) await seedDemo(app.ctx, logger);
    await app.listen({ port: config.PORT, host: config.HOST });
    const warning = publicUrlWarning(config);
    if (warning) logger.warn(warning);
    logger.info(startBanner(config));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.ctx.jobs?.beginShutdown();
    logger.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    await database.stopEmbedded();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main().catch((err: unknown) => {
  console.error('failed to start:', err);
  process.exit(1);
});
