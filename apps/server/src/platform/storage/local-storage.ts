import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, type FileStorage, type OpenedFile, type StoredFile } from './file-storage.ts';

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('file key escapes the storage root');
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename: rename is atomic on one file system, so a crash leaves no partial file.
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, target);
  }

  async putFile(key: string, filePath: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Copied beside the target, then renamed: the source may be on another file system.
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await fs.copyFile(filePath, temp);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    const full = this.pathOf(key);
    try {
      const handle = await fs.open(full, 'r');
      const { size } = await handle.stat();
      return { stream: createReadStream('', { fd: handle }), sizeBytes: size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const body = await fs.readFile(this.pathOf(key));
      return { body, contentType: contentTypeOf(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
