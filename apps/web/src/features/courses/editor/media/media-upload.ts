/**
 * One resumable media upload (tus, through tus-js-client) and its state for the editor: the bytes
 * stored so far, speed and time left, pause, resume and cancel. The media id comes from the server's
 * `Media-Id` header on creation (or from this browser's record of an upload it resumes), and the block
 * is inserted then, while the bytes go on. tus-js-client keeps each upload's address under the file's
 * fingerprint in localStorage, so picking the same file again after a reload asks the server for the
 * stored offset (HEAD) and sends only the rest.
 */
import { API_BASE, Routes, SOURCE_HEADER, PLATFORM_CODE, TOKEN_HEADER } from '@studio/contract/constants';
import { MEDIA_UPLOAD_METADATA, type MediaKind } from '@studio/contract';
import {
  Upload,
  type HttpRequest,
  type HttpResponse,
  type PreviousUpload,
  type UploadOptions,
} from 'tus-js-client';
import { readToken } from '../../../../lib/storage.ts';
import { isRefusal, uploadFailureText } from './media-errors.ts';
import { recordByUrl, removeRecord, saveRecord } from './upload-records.ts';
import { addSample, uploadStats, type ProgressSample, type UploadStats } from './upload-stats.ts';

/** The server's header naming the media an upload became (media-upload.ts on the server). */
export const MEDIA_ID_HEADER = 'Media-Id';
/** Bytes per PATCH: a lost request costs at most this much again. */
export const CHUNK_BYTES = 50 * 1024 * 1024;
/** Waits between tries of a failed request; then the upload stops with its error (bounded). */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000];

export type UploadPhase = 'starting' | 'uploading' | 'paused' | 'failed' | 'done' | 'cancelled';

export type UploadSnapshot = UploadStats & {
  phase: UploadPhase;
  uploaded: number;
  total: number;
  mediaId: number | null;
  /** What went wrong, in the interface language (phase `failed`). */
  error: string | null;
  /** Whether resuming may help (phase `failed`): the network or the server, not a refusal. */
  retryable: boolean;
};

/** The part of tus-js-client's Upload this controller uses (a test hands in its own). */
export interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previous: PreviousUpload): void;
}
export type CreateTus = (file: File, options: UploadOptions) => TusUpload;

export type MediaUploadOptions = {
  lessonId: number;
  teamId: number;
  /** Called once the media id is known: the block goes into the lesson then. */
  onMediaId: (mediaId: number, upload: MediaUpload) => void;
  now?: () => number;
  createTus?: CreateTus;
};

/** The containers the server takes (it decides by probing the bytes; this only narrows the picker). */
export const MEDIA_EXTENSIONS = ['mp4', 'mov', 'mkv', 'webm', 'mp3', 'm4a', 'aac', 'wav'] as const;
export const MEDIA_ACCEPT = [
  ...MEDIA_EXTENSIONS.map((ext) => `.${ext}`),
  'video/mp4',
  'video/quicktime',
  'video/x-matroska',
  'video/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/x-wav',
].join(',');

/** Whether a file's name is one of those kinds (checked before anything is sent). */
export const isMediaFileName = (name: string): boolean =>
  MEDIA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(`.${ext}`));

/** The kind the file looks like before the server probes it (the server's verdict replaces it). */
export const kindOfFile = (file: File): MediaKind =>
  file.type.startsWith('audio/') || /\.(mp3|m4a|aac|wav)$/i.test(file.name) ? 'audio' : 'video';

/** What picks the same upload again: this team's and lesson's file by name, size and change time. */
export const fingerprintOf = (file: File, teamId: number, lessonId: number): string =>
  ['studio-media', teamId, lessonId, file.name, file.size, file.lastModified].join('/');

const numberHeader = (res: HttpResponse): number | null => {
  const id = Number(res.getHeader(MEDIA_ID_HEADER));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export class MediaUpload {
  readonly file: File;
  readonly kind: MediaKind;
  private readonly options: MediaUploadOptions;
  private readonly tus: TusUpload;
  private readonly now: () => number;
  private samples: ProgressSample[] = [];
  private listeners = new Set<() => void>();
  snapshot: UploadSnapshot;

  constructor(file: File, options: MediaUploadOptions) {
    this.file = file;
    this.kind = kindOfFile(file);
    this.options = options;
    this.now = options.now ?? Date.now;
    this.snapshot = {
      phase: 'starting',
      uploaded: 0,
      total: file.size,
      mediaId: null,
      error: null,
      retryable: false,
      ...uploadStats([], file.size),
    };
    const create = options.createTus ?? ((f, o) => new Upload(f, o));
    this.tus = create(file, {
      endpoint: new URL(`${API_BASE}${Routes.media.upload}`, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { [MEDIA_UPLOAD_METADATA.filename]: file.name },
      fingerprint: (f: File) => Promise.resolve(fingerprintOf(f, options.teamId, options.lessonId)),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // Read per request: the session's token may change while a long upload runs.
      onBeforeRequest: (req: HttpRequest) => {
        req.setHeader(TOKEN_HEADER, readToken());
        req.setHeader(SOURCE_HEADER, PLATFORM_CODE);
      },
      onAfterResponse: (req: HttpRequest, res: HttpResponse) => {
        if (req.getMethod() === 'POST' && res.getStatus() === 201) {
          const mediaId = numberHeader(res);
          const location = res.getHeader('Location');
          if (mediaId && location) this.known(mediaId, location);
        }
      },
      onProgress: (bytes: number) => this.progress(bytes),
      onSuccess: () => {
        if (this.snapshot.mediaId) removeRecord(this.snapshot.mediaId);
        this.set({ phase: 'done', uploaded: this.file.size, ...uploadStats([], 0), percent: 100 });
      },
      onError: (error: Error) => {
        // A refusal (4xx: not media, too long, quota) is final, and one when the last byte arrives
        // has deleted the upload; a dropped connection or a server failure can be resumed.
        const refused = isRefusal(error);
        if (refused && this.snapshot.mediaId) removeRecord(this.snapshot.mediaId);
        this.set({
          phase: 'failed',
          error: uploadFailureText(error),
          retryable: !refused,
          bytesPerSecond: null,
          secondsLeft: null,
        });
      },
    } satisfies UploadOptions);
  }

  /** Resumes this file's unfinished upload on the lesson if this browser began one, else creates one. */
  async start(): Promise<void> {
    const previous = await this.tus.findPreviousUploads().catch(() => []);
    for (const upload of previous) {
      const record = upload.uploadUrl ? recordByUrl(upload.uploadUrl) : null;
      if (!record) continue;
      this.tus.resumeFromPreviousUpload(upload);
      this.known(record.mediaId, record.uploadUrl);
      break;
    }
    this.set({ phase: 'uploading' });
    this.tus.start();
  }

  /** Stops sending; what the server stored stays, and resume() asks it where to go on from. */
  async pause(): Promise<void> {
    if (this.snapshot.phase !== 'uploading') return;
    this.samples = [];
    this.set({ phase: 'paused', bytesPerSecond: null, secondsLeft: null });
    await this.tus.abort(false);
  }

  resume(): void {
    const { phase, retryable } = this.snapshot;
    if (phase !== 'paused' && !(phase === 'failed' && retryable)) return;
    this.samples = [];
    this.set({ phase: 'uploading', error: null, retryable: false });
    this.tus.start();
  }

  /** Stops and deletes the upload on the server (its bytes are given back to the team's quota). */
  async cancel(): Promise<void> {
    const { mediaId } = this.snapshot;
    this.set({ phase: 'cancelled', bytesPerSecond: null, secondsLeft: null });
    if (mediaId) removeRecord(mediaId);
    await this.tus.abort(Boolean(this.tus.url)).catch(() => undefined);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private known(mediaId: number, uploadUrl: string): void {
    if (this.snapshot.mediaId === mediaId) return;
    const path = uploadUrl.startsWith('http') ? new URL(uploadUrl).pathname : uploadUrl;
    saveRecord({
      mediaId,
      lessonId: this.options.lessonId,
      uploadUrl: path,
      name: this.file.name,
      size: this.file.size,
    });
    this.set({ mediaId });
    this.options.onMediaId(mediaId, this);
  }

  private progress(bytes: number): void {
    if (this.snapshot.phase !== 'uploading') return;
    this.samples = addSample(this.samples, { at: this.now(), bytes });
    const stats = uploadStats(this.samples, this.file.size);
    // 100% means stored and checked: the last byte's answer (onSuccess) says so, not the send.
    this.set({ uploaded: bytes, ...stats, percent: Math.min(stats.percent, 99) });
  }

  private set(patch: Partial<UploadSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
