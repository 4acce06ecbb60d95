import { describe, expect, it } from 'vitest';
import { isEmbedSrc, toEmbedUrl } from './video-embed.ts';

describe('video page URL → player URL', () => {
  it('maps bilibili BV and av links, keeping the part number', () => {
    expect(toEmbedUrl('https://www.bilibili.com/video/BV1GJ411x7h7')).toBe(
      'https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&page=1&autoplay=0',
    );
    expect(toEmbedUrl('https://m.bilibili.com/video/av170001/?p=3')).toBe(
      'https://player.bilibili.com/player.html?aid=170001&page=3&autoplay=0',
    );
  });

  it('maps YouTube watch, short and youtu.be links to the no-cookie player', () => {
    const player = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(player);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(player);
    expect(toEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe(player);
  });

  it('maps Tencent Video and Youku pages', () => {
    expect(toEmbedUrl('https://v.qq.com/x/cover/mzc00200abc/k0041abcdef.html')).toBe(
      'https://v.qq.com/txp/iframe/player.html?vid=k0041abcdef',
    );
    expect(toEmbedUrl('https://v.qq.com/x/page/k0041abcdef.html')).toBe(
      'https://v.qq.com/txp/iframe/player.html?vid=k0041abcdef',
    );
    expect(toEmbedUrl('https://v.youku.com/v_show/id_XNDkxMjM0NTY3Mg==.html')).toBe(
      'https://player.youku.com/embed/XNDkxMjM0NTY3Mg==',
    );
  });

  it('leaves unknown hosts, look-alike hosts, bad ids and other schemes as links (null)', () => {
    expect(toEmbedUrl('https://example.com/video/BV1GJ411x7h7')).toBeNull();
    expect(toEmbedUrl('https://evilbilibili.com/video/BV1GJ411x7h7')).toBeNull();
    expect(toEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(toEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(toEmbedUrl('not a url')).toBeNull();
    expect(toEmbedUrl(42)).toBeNull();
  });

  it('knows which iframe sources are players', () => {
    expect(isEmbedSrc('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isEmbedSrc('https://evil.example/embed')).toBe(false);
    expect(isEmbedSrc(null)).toBe(false);
  });
});
