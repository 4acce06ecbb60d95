/**
 * What this browser remembers of the media uploads it began, beside tus-js-client's own resume
 * entries (which hold the upload's address by the file's fingerprint): which media id and lesson an
 * upload is, so a reload can show the block as unfinished and resume it when its file is picked again.
 */
const PREFIX = 'studio-media-upload:';

export type UploadRecord = {
  mediaId: number;
  lessonId: number;
  /** The tus upload's address (`/api/media/upload/<id>`). */
  uploadUrl: string;
  name: string;
  size: number;
};

const isRecord = (value: unknown): value is UploadRecord => {
  const r = value as Partial<UploadRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.mediaId === 'number' &&
    typeof r.lessonId === 'number' &&
    typeof r.uploadUrl === 'string' &&
    typeof r.name === 'string' &&
    typeof r.size === 'number'
  );
};

export function saveRecord(record: UploadRecord): void {
  try {
    localStorage.setItem(`${PREFIX}${record.mediaId}`, JSON.stringify(record));
  } catch {
    // Storage full or refused: the upload goes on, it just cannot be resumed after a reload.
  }
}

export function readRecord(mediaId: number): UploadRecord | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(`${PREFIX}${mediaId}`) ?? 'null');
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function recordByUrl(uploadUrl: string): UploadRecord | null {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const record = readRecord(Number(key.slice(PREFIX.length)));
    if (record && (record.uploadUrl === uploadUrl || uploadUrl.endsWith(record.uploadUrl))) return record;
  }
  return null;
}

export function removeRecord(mediaId: number): void {
  localStorage.removeItem(`${PREFIX}${mediaId}`);
}
