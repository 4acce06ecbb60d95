/**
 * What a start loads: the whole static import graph of start-server.ts (which the entry, server.ts,
 * imports once its resolve hooks are in), read by starting it with a config it refuses (its imports
 * are all in by then). The packages below load on first use (the first spreadsheet, document, image,
 * AI call, payment or SMS of a process, the first visitor page, the first upload on S3), so a server
 * that never needs them never holds them.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const ON_FIRST_USE = [
  'exceljs',
  'mammoth',
  'unpdf',
  'sharp',
  'ai',
  '@ai-sdk/openai-compatible',
  'alipay-sdk',
  'tencentcloud-sdk-nodejs-sms',
  '@alicloud/dysmsapi20170525',
  'react-dom',
  '@tus/s3-store',
  '@aws-sdk/client-s3',
];

it('loads none of the packages kept for first use', () => {
  let out = '';
  try {
    execFileSync(process.execPath, ['test/start-packages.ts', path.join(SERVER_DIR, 'src/server.ts')], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'not-a-port' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    // The refused config exits 1, after every import.
    const failed = err as { status: number; stdout: string; stderr: string };
    expect(failed.stderr).toContain('PORT');
    out = failed.stdout;
  }
  const loaded = JSON.parse(out) as string[];
  expect(loaded).toContain('fastify');
  expect(ON_FIRST_USE.filter((name) => loaded.includes(name))).toEqual([]);
});
