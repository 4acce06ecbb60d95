import type { ReleasedAttachments } from '@studio/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fixedT, WordsProvider } from '../public/public-i18n.tsx';
import { AttachmentList, formatBytes, visitorDownloadHref } from './attachment-list.tsx';

const attachments = (downloadable: boolean): ReleasedAttachments => ({
  downloadable,
  list: [{ attachmentId: 5, name: '讲义 <第1章>.pdf', kind: 'pdf', sizeBytes: 2 * 1024 * 1024 }],
});
const html = (a: ReleasedAttachments, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  renderToStaticMarkup(
    <WordsProvider value={{ t: fixedT(lang), lang }}>
      <AttachmentList attachments={a} download={{ hrefOf: (id) => visitorDownloadHref(3, 4, id) }} />
    </WordsProvider>,
  );

describe('AttachmentList (server-rendered for visitors)', () => {
  it('shows a paid lesson’s attachments by name and size with a lock, and no link', () => {
    const page = html(attachments(false));
    expect(page).toContain('附件');
    expect(page).toContain('讲义 &lt;第1章&gt;.pdf');
    expect(page).toContain('PDF · 2.0 MB');
    expect(page).toContain('购买后可下载');
    expect(page).toContain('pp-attachment-lock');
    expect(page).not.toContain('href');
  });

  it('links a downloadable attachment to the lasting visitor address', () => {
    const page = html(attachments(true), 'en-US');
    expect(page).toContain('href="/api/attachment/open?courseId=3&amp;lessonId=4&amp;attachmentId=5"');
    expect(page).toContain('aria-label="Download 讲义 &lt;第1章&gt;.pdf"');
    expect(page).not.toContain('pp-attachment-lock');
  });

  it('renders nothing without attachments, and sizes as people read them', () => {
    expect(html({ downloadable: true, list: [] })).toBe('');
    expect([formatBytes(512), formatBytes(3500), formatBytes(12 * 1024 * 1024)]).toEqual([
      '512 B',
      '3.4 KB',
      '12 MB',
    ]);
  });
});
