import { LIMITS, Routes } from '@studio/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from './request.ts';
import { checkImage, uploadFile } from './upload.ts';

const mock = new MockAdapter(http);
afterEach(() => mock.reset());

describe('upload', () => {
  it('sends multipart with `kind` before `file` and answers {url, key, size}', async () => {
    mock.onPost(Routes.file.upload).reply(200, {
      code: 200,
      msg: 'ok',
      data: { url: '/api/files/a.png', key: 'a.png', size: 3 },
    });
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    await expect(uploadFile('avatar', file)).resolves.toEqual({
      url: '/api/files/a.png',
      key: 'a.png',
      size: 3,
    });
    const body = mock.history.post[0]?.data as FormData;
    expect([...body.keys()]).toEqual(['kind', 'file']);
    expect(body.get('kind')).toBe('avatar');
  });

  it('refuses files that are not images or too large before sending', () => {
    expect(checkImage(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('badType');
    const big = new File([new Uint8Array(LIMITS.uploadMaxBytes + 1)], 'b.png', { type: 'image/png' });
    expect(checkImage(big)).toBe('tooLarge');
    expect(checkImage(new File(['x'], 'c.webp', { type: 'image/webp' }))).toBeNull();
  });
});
