/**
 * Captions (issue 47): an author uploads WebVTT or SRT per media and language (SRT converted, cue
 * text plain), lists and removes them; a learner's playback names them at addresses under the same
 * signed token as the playlist, opened by the same rules. Bad files are refused with their own code,
 * never 5xx, and leave what was stored as it was.
 */
import { Code, CAPTION_LIMITS, type Caption, type CaptionList, type MediaPlay } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { mediaCourse } from '../../../test/watch-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { convertCaptions, plainCueText, vttTime } from './caption-convert.ts';
import { hlsBase, signGrant } from './media-urls.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof mediaCourse>>;
let stranger = '';
let strangerIds = { userId: 0, teamId: 0 };
beforeAll(async () => {
  t = await createTestApp();
  c = await mediaCourse(t, '字幕课程');
  // As transcoding leaves a playable media: one rendition done.
  await t.app.ctx.db.execute(sql`update media set renditions = '["360p"]'::jsonb where id = ${c.long}`);
  const o = await createUser(t);
  const team = await createTeam(t, o.token, '别的团队');
  stranger = o.token;
  strangerIds = { userId: o.userId, teamId: team.teamId };
});
afterAll(() => t.close());

const SRT = `1
00:00:01,000 --> 00:00:04,000
大家好 <script>alert(1)</script><b>欢迎</b>

2
00:00:05,000 --> 00:00:08,500
<font color="red">第二句</font> &amp; <img src=x onerror=alert(1)>更多
`;

const upload = (token: string, body: Record<string, unknown>) =>
  call<Caption>(t, 'POST', '/media/caption/upload', {
    token,
    body: { mediaId: c.long, lang: 'zh-CN', label: '中文', fileName: 'a.srt', text: SRT, ...body },
  });
const list = (token: string, mediaId = c.long) =>
  call<CaptionList>(t, 'GET', '/media/captions', { token, query: { mediaId: String(mediaId) } });
const playAs = (token: string) =>
  call<MediaPlay>(t, 'POST', '/media/play', {
    token,
    body: { mediaId: c.long, courseId: c.courseId, lessonId: c.second },
  });
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('caption files', () => {
  it('turns SRT into WebVTT with plain cue text: no markup, no script', async () => {
    const { vtt, cueCount } = await convertCaptions('lecture.srt', SRT);
    expect(cueCount).toBe(2);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n大家好 alert(1)欢迎\n\n00:00:05.000 --> 00:00:08.500\n第二句 &amp; 更多\n',
    );
    expect(plainCueText('a <c.red>b</c> &lt;i&gt; -->')).toBe('a b <i> -->');
    expect(
      (await convertCaptions('x.vtt', 'WEBVTT\n\n00:01.000 --> 00:02.000\nx --> y <z>\n')).vtt,
    ).toContain('\nx --&gt; y\n');
    expect(vttTime(3725.5)).toBe('01:02:05.500');
  });

  it('refuses broken timings, too many cues, a file too large, and a file with no cue, with their codes', async () => {
    const fails = async (name: string, text: string) => {
      try {
        await convertCaptions(name, text);
      } catch (err) {
        return err as { code: number; params?: Record<string, unknown> };
      }
      throw new Error('accepted');
    };
    const broken = await fails(
      'a.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:0x:03,000 --> 00:00:04,000\nbad\n',
    );
    expect(broken).toMatchObject({ code: Code.CAPTION_INVALID, params: { line: 6 } });
    const backwards = await fails('a.srt', '1\n00:00:05,000 --> 00:00:02,000\nback\n');
    expect(backwards).toMatchObject({ code: Code.CAPTION_INVALID, params: { line: 2 } });
    expect(await fails('a.vtt', 'not captions')).toMatchObject({ code: Code.CAPTION_INVALID });
    const cue = (i: number) => `${vttTime(i)} --> ${vttTime(i + 0.5)}\nx`;
    const many = `WEBVTT\n\n${Array.from({ length: CAPTION_LIMITS.maxCues + 1 }, (_, i) => cue(i)).join('\n\n')}\n`;
    expect(await fails('a.vtt', many)).toMatchObject({ code: Code.CAPTION_TOO_MANY_CUES });
    const huge = Array.from({ length: 100_000 }, (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nx`).join(
      '\n\n',
    );
    expect(await fails('a.srt', huge)).toMatchObject({
      code: Code.CAPTION_TOO_LARGE,
      params: { maxKb: 512 },
    });
    expect(await fails('a.srt', '')).toMatchObject({ code: Code.CAPTION_EMPTY });
  });
});

describe('captions of a media', () => {
  it('are uploaded, listed, offered with the playback and served on its token; the same language replaces', async () => {
    const token = c.seller.user.token;
    const added = await upload(token, {});
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ mediaId: c.long, lang: 'zh-CN', label: '中文', cueCount: 2 });
    const en = await upload(token, {
      lang: 'en',
      label: 'English',
      fileName: 'en.vtt',
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello <i>there</i>\n',
    });
    expect(en.code).toBe(200);
    expect((await list(token)).data.items.map((i) => i.lang)).toEqual(['zh-CN', 'en']);

    // The learner who bought the course: the captions come with the playback.
    const play = await playAs(c.buyer.user.token);
    expect(play.code).toBe(200);
    expect(play.data.captions.map((x) => x.label)).toEqual(['中文', 'English']);
    const zh = play.data.captions[0]!;
    expect(zh.url).toBe(play.data.playlistUrl!.replace('master.m3u8', `captions/${zh.captionId}.vtt`));
    const file = await fetchFile(zh.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/vtt');
    expect(file.body).toContain('大家好 alert(1)欢迎');
    expect(file.body).not.toMatch(/<script|<img|<b>/);

    // The same language again replaces it; a bad file for it leaves the stored one.
    const again = await upload(token, { label: '简体中文' });
    expect(again.data.captionId).toBe(added.data.captionId);
    const bad = await upload(token, { text: '1\n00:00:09,000 --> 00:00:03,000\n倒序\n' });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(Code.CAPTION_INVALID);
    const after = (await list(token)).data.items;
    expect(after.find((i) => i.lang === 'zh-CN')).toMatchObject({ label: '简体中文', cueCount: 2 });

    // Removed: gone from the list and from the playback.
    expect(
      (await call(t, 'POST', '/media/caption/remove', { token, body: { captionId: en.data.captionId } }))
        .code,
    ).toBe(200);
    expect((await playAs(c.buyer.user.token)).data.captions.map((x) => x.lang)).toEqual(['zh-CN']);
    expect((await fetchFile(play.data.captions[1]!.url)).statusCode).toBe(404);
  });

  it('answers 404 to another team, and opens a caption only on a playlist token of a viewer who may play', async () => {
    const token = c.seller.user.token;
    const mine = (await list(token)).data.items[0]!;
    expect((await list(stranger)).code).toBe(Code.NOT_FOUND);
    expect((await upload(stranger, { lang: 'fr', label: 'Français' })).code).toBe(Code.NOT_FOUND);
    const removal = await call(t, 'POST', '/media/caption/remove', {
      token: stranger,
      body: { captionId: mine.captionId },
    });
    expect(removal.code).toBe(Code.NOT_FOUND);
    expect((await list(token)).data.items).toHaveLength(1);
    // Another team cannot play the lesson, so it gets no address; a made-up token opens nothing.
    expect((await playAs(stranger)).code).toBe(Code.NOT_FOUND);
    expect((await fetchFile(`/api/media/hls/forged/captions/${mine.captionId}.vtt`)).statusCode).toBe(403);
    // A genuine playlist token naming a viewer the policy does not let play there opens no caption:
    // the file asks the policy again, as the key does.
    const grant = {
      mediaId: c.long,
      mediaTeamId: c.teamId,
      courseId: c.courseId,
      lessonId: c.second,
      ...strangerIds,
      share: '',
      purpose: 'p' as const,
      expires: Math.floor(Date.now() / 1000) + 600,
    };
    const theirs = hlsBase(await signGrant(t.app.ctx, grant));
    expect((await fetchFile(`${theirs}captions/${mine.captionId}.vtt`)).statusCode).toBe(404);
    const buyers = hlsBase(
      await signGrant(t.app.ctx, { ...grant, userId: c.buyer.user.userId, teamId: c.buyer.team.teamId }),
    );
    expect((await fetchFile(`${buyers}captions/${mine.captionId}.vtt`)).statusCode).toBe(200);
    // A caption of another media is not opened by this media's token.
    expect((await fetchFile(`${buyers}captions/999999.vtt`)).statusCode).toBe(404);
  });

  it('limits the languages of one media', async () => {
    const token = c.seller.user.token;
    const text = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n';
    const have = (await list(token, c.short)).data.items.length;
    for (let i = have; i < CAPTION_LIMITS.perMedia; i++) {
      const res = await upload(token, {
        mediaId: c.short,
        lang: `l${String.fromCharCode(97 + i)}`,
        label: `L${i}`,
        fileName: 'x.vtt',
        text,
      });
      expect(res.code).toBe(200);
    }
    const over = await upload(token, { mediaId: c.short, lang: 'zz', label: 'Z', fileName: 'x.vtt', text });
    expect(over.code).toBe(Code.CAPTION_LIMIT);
    expect((await list(token, c.short)).data.items).toHaveLength(CAPTION_LIMITS.perMedia);
  });
});
