/** Where uploaded files live: a local folder (default) or S3-compatible object storage. */
import type { Readable } from 'node:stream';

export type StoredFile = { body: Buffer; contentType: string };
/** A stored file read as a stream (large files: lesson attachments), with its length. */
export type OpenedFile = { stream: Readable; sizeBytes: number };

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the whole body under key; a reader never sees a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Stores a local file under key without reading it into memory; a reader never sees it half-written. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Streams a stored file (null when there is none). */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes every file whose key starts with `prefix` (a folder such as `media/3/17/`). */
  deletePrefix(prefix: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const contentTypeOf = (key: string): string =>
  TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * Keys we hand out look like `avatar/2026/11/<random>/lg.jpg` (one per size and format, see
 * `modules/files/image-encoding.ts`); `avatar/2026/11/<random>.png` are uploads from before images were
 * re-encoded. Anything else is refused before storage.
 */
export const FILE_KEY_PATTERN =
  /^(avatar|logo|cover|image)\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{10,64}(\.(png|jpg|gif|webp)|\/(lg|sm)\.(png|jpg|gif|webp))$/;

/** An upload from before re-encoding (`<random>.png`): cleaned when read (`cleanLegacyImage`). */
export const isLegacyImageKey = (key: string): boolean =>
  FILE_KEY_PATTERN.test(key) && !/\/(lg|sm)\.\w+$/.test(key);
