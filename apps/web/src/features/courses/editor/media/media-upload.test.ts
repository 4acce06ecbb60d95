import { Code } from '@studio/contract/constants';
import type { PreviousUpload, UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n/index.ts';
import { CHUNK_BYTES, MediaUpload, type TusUpload } from './media-upload.ts';
import { readRecord, saveRecord } from './upload-records.ts';

/** tus-js-client's Upload as this controller drives it; the test plays the server's answers. */
class FakeTus implements TusUpload {
  url: string | null = null;
  starts = 0;
  aborts: boolean[] = [];
  resumedFrom: PreviousUpload | null = null;
  constructor(
    readonly options: UploadOptions,
    readonly previous: PreviousUpload[] = [],
  ) {}
  start() {
    this.starts++;
  }
  abort(terminate = false) {
    this.aborts.push(terminate);
    return Promise.resolve();
  }
  findPreviousUploads() {
    return Promise.resolve(this.previous);
  }
  resumeFromPreviousUpload(previous: PreviousUpload) {
    this.resumedFrom = previous;
    this.url = previous.uploadUrl;
  }
  /** The creation's answer: 201, the upload's address and the media's id. */
  created(mediaId: number, location = '/api/media/upload/0123456789abcdef0123456789abcdef') {
    this.url = location;
    const headers: Record<string, string> = { 'Media-Id': String(mediaId), Location: location };
    this.options.onAfterResponse!(
      { getMethod: () => 'POST' } as never,
      { getStatus: () => 201, getHeader: (name: string) => headers[name] } as never,
    );
  }
}

const MB = 1024 * 1024;
const file = (name = '第一讲.mp4', size = 10 * MB) =>
  new File([new Uint8Array(size)], name, {
    type: name.endsWith('.mp3') ? 'audio/mpeg' : 'video/mp4',
    lastModified: 1,
  });

function setup(previous: PreviousUpload[] = [], f = file()) {
  let clock = 0;
  let tus!: FakeTus;
  const named: number[] = [];
  const upload = new MediaUpload(f, {
    lessonId: 7,
    teamId: 3,
    onMediaId: (id) => named.push(id),
    now: () => clock,
    createTus: (_file, options) => (tus = new FakeTus(options, previous)),
  });
  return { upload, tus, named, tick: (ms: number) => (clock += ms) };
}

const answer = (status: number, body: unknown) =>
  Object.assign(new Error('tus: unexpected response'), {
    originalResponse: { getStatus: () => status, getBody: () => JSON.stringify(body) },
  });

beforeEach(() => i18n.changeLanguage('zh-CN'));
afterEach(() => i18n.changeLanguage('zh-CN'));

describe('a media upload', () => {
  it('sends 50 MB chunks with the file name, fingerprinted by team, lesson and file', async () => {
    const { tus } = setup();
    expect(tus.options).toMatchObject({
      chunkSize: CHUNK_BYTES,
      metadata: { filename: '第一讲.mp4' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(CHUNK_BYTES).toBe(50 * MB);
    expect(await tus.options.fingerprint!(file(), tus.options)).toBe(
      'studio-media/3/7/第一讲.mp4/10485760/1',
    );
  });

  it('names the media from the creation answer, remembers it for a reload, and counts progress, speed and time left', async () => {
    const { upload, tus, named, tick } = setup();
    await upload.start();
    expect(tus.starts).toBe(1);
    expect(upload.snapshot.phase).toBe('uploading');
    tus.created(42);
    expect(named).toEqual([42]);
    expect(upload.snapshot.mediaId).toBe(42);
    expect(readRecord(42)).toMatchObject({
      lessonId: 7,
      name: '第一讲.mp4',
      uploadUrl: expect.stringMatching(/^\/api\/media\/upload\//),
    });

    tus.options.onProgress!(0, 10 * MB);
    tick(1_000);
    tus.options.onProgress!(2 * MB, 10 * MB);
    expect(upload.snapshot).toMatchObject({
      percent: 20,
      uploaded: 2 * MB,
      bytesPerSecond: 2 * MB,
      secondsLeft: 4,
    });
    // Every byte sent is not yet every byte stored and checked: 99 until the last answer.
    tick(1_000);
    tus.options.onProgress!(10 * MB, 10 * MB);
    expect(upload.snapshot.percent).toBe(99);
    tus.options.onSuccess!({ lastResponse: {} as never });
    expect(upload.snapshot).toMatchObject({ phase: 'done', percent: 100 });
    expect(readRecord(42)).toBeNull();
  });

  it('pauses (the request is stopped, what is stored stays) and resumes from the server', async () => {
    const { upload, tus, tick } = setup();
    await upload.start();
    tus.created(42);
    tus.options.onProgress!(0, 10 * MB);
    tick(1_000);
    tus.options.onProgress!(3 * MB, 10 * MB);
    await upload.pause();
    expect(tus.aborts).toEqual([false]);
    expect(upload.snapshot).toMatchObject({
      phase: 'paused',
      percent: 30,
      bytesPerSecond: null,
      secondsLeft: null,
    });
    // A late progress event of the stopped request does not move a paused upload.
    tus.options.onProgress!(4 * MB, 10 * MB);
    expect(upload.snapshot.percent).toBe(30);
    upload.resume();
    expect(tus.starts).toBe(2);
    expect(upload.snapshot.phase).toBe('uploading');
    expect(readRecord(42)).not.toBeNull();
  });

  it('cancels: the upload is deleted on the server (terminate) and forgotten here', async () => {
    const { upload, tus } = setup();
    await upload.start();
    tus.created(42);
    await upload.cancel();
    expect(tus.aborts).toEqual([true]);
    expect(upload.snapshot.phase).toBe('cancelled');
    expect(readRecord(42)).toBeNull();
  });

  it('resumes the upload this browser began for the file, with its media id and no new creation', async () => {
    const url = 'http://127.0.0.1/api/media/upload/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    saveRecord({
      mediaId: 9,
      lessonId: 7,
      uploadUrl: new URL(url).pathname,
      name: '第一讲.mp4',
      size: 10 * MB,
    });
    const other = {
      uploadUrl: 'http://127.0.0.1/api/media/upload/bbbb',
      size: 1,
      metadata: {},
      creationTime: '',
    };
    const mine = { uploadUrl: url, size: 10 * MB, metadata: {}, creationTime: '' };
    const { upload, tus, named } = setup([other, mine] as PreviousUpload[]);
    await upload.start();
    expect(tus.resumedFrom).toBe(mine);
    expect(named).toEqual([9]);
    expect(upload.snapshot).toMatchObject({ mediaId: 9, phase: 'uploading' });
  });

  it("says the server's refusal in the interface language, with its numbers", async () => {
    const { upload, tus } = setup();
    await upload.start();
    const quota = { code: Code.MEDIA_QUOTA_EXCEEDED, msg: '…', data: { usedMb: 10, quotaMb: 8 } };
    tus.options.onError!(answer(400, quota));
    expect(upload.snapshot).toMatchObject({
      phase: 'failed',
      error: '团队的媒体存储空间不足：已用 10 MB，共 8 MB',
    });

    await i18n.changeLanguage('en-US');
    const big = setup();
    await big.upload.start();
    big.tus.options.onError!(
      answer(413, { code: Code.MEDIA_TOO_LARGE, msg: '文件不能超过 2048 MB', data: { maxMb: 2048 } }),
    );
    expect(big.upload.snapshot.error).toBe('The file must be at most 2048 MB');
    big.tus.options.onError!(answer(400, { code: Code.MEDIA_TOO_LONG, msg: '…', data: { maxMinutes: 240 } }));
    expect(big.upload.snapshot.error).toBe('Video and audio may be at most 240 minutes long');
  });

  it('tells a dropped connection from a refusal, and a refused media is forgotten', async () => {
    const { upload, tus } = setup();
    await upload.start();
    tus.created(42);
    tus.options.onError!(new Error('tus: failed to upload chunk'));
    expect(upload.snapshot).toMatchObject({
      error: '网络中断，上传已停止；点“继续”从中断处接着传',
      retryable: true,
    });
    expect(readRecord(42)).not.toBeNull();
    upload.resume();
    expect(upload.snapshot).toMatchObject({ phase: 'uploading', error: null });
    expect(tus.starts).toBe(2);

    tus.options.onError!(answer(400, { code: Code.MEDIA_UNREADABLE, msg: '…', data: null }));
    expect(upload.snapshot).toMatchObject({ error: '文件已损坏或不完整，无法转码', retryable: false });
    expect(readRecord(42)).toBeNull();
    upload.resume();
    expect(tus.starts).toBe(2);
  });

  it('guesses the kind from the file until the server probes it', () => {
    expect(setup([], file('讲座.mp3', 10)).upload.kind).toBe('audio');
    expect(setup([], file('讲座.mov', 10)).upload.kind).toBe('video');
  });
});
