import type { Config } from '../../config.ts';
import { FILE_KEY_PATTERN } from '../../platform/storage/file-storage.ts';

export const FILES_PATH = '/api/files/';

export const publicUrlOf = (config: Config, key: string): string =>
  config.IMAGE_BASE ? `${config.IMAGE_BASE.replace(/\/$/, '')}/${key}` : `${FILES_PATH}${key}`;

/** Profile pictures and logos may only point at files we stored (no tracking pixels, no javascript:). */
export function isOwnFileUrl(config: Config, url: string): boolean {
  if (url === '') return true;
  const prefixes = [FILES_PATH, ...(config.IMAGE_BASE ? [`${config.IMAGE_BASE.replace(/\/$/, '')}/`] : [])];
  const prefix = prefixes.find((p) => url.startsWith(p));
  return prefix !== undefined && FILE_KEY_PATTERN.test(url.slice(prefix.length));
}
