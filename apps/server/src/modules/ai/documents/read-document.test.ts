/**
 * Reading documents into sections, with documents the test builds: structure kept (headings, lists,
 * tables, slide order, pages), and every kind of bad input refused with its own code, fast.
 */
import { Code, DOCUMENT_LIMITS } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import {
  buildBombDocx,
  buildDocx,
  buildEncryptedDocx,
  buildEncryptedPdf,
  buildLyingZip,
  buildManyEntriesZip,
  buildPdf,
  buildPptx,
  buildScannedPdf,
  buildXxeDocx,
  EMF,
  partsUnder,
  rezip,
  SVG,
  tinyPng,
} from '../../../../test/documents.ts';
import { AppError } from '../../../platform/errors.ts';
import { readDocument } from './read-document.ts';
import { SectionBuilder } from './sections.ts';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('not refused');
};

describe('documents kept by their structure', () => {
  it('DOCX: headings as sections, their paragraphs, bullet lists and tables', async () => {
    const doc = await readDocument(await buildDocx(), '手册.docx');
    expect(doc.format).toBe('docx');
    expect(doc.sections.map((s) => s.title)).toEqual([
      '第一章 安全规范',
      '第二章 设备操作',
      '第三章 故障处理',
    ]);
    expect(doc.sections[0]!.blocks).toEqual([
      { type: 'paragraph', text: '进入车间前必须佩戴安全帽和防护眼镜。' },
      { type: 'paragraph', text: '设备运行时不得打开防护罩。' },
      { type: 'list', ordered: false, items: ['检查急停按钮', '确认防护罩已关闭'] },
    ]);
    expect(doc.sections[1]!.blocks[1]).toEqual({
      type: 'table',
      rows: [
        ['参数', '范围'],
        ['油位', '1/2 至 3/4'],
        ['气压', '0.5–0.7 MPa'],
      ],
    });
  });

  it('PDF: a section per page with its text, lines starting with a bullet as a list', async () => {
    const pdf = await buildPdf([
      ['Safety rules', 'Wear a helmet in the workshop.', '- Check the stop button', '- Close the guard'],
      ['Operating the press', 'Check oil and air pressure first.'],
    ]);
    const progress: unknown[] = [];
    const doc = await readDocument(pdf, 'manual.pdf', (p) => progress.push(p));
    expect(doc).toMatchObject({ format: 'pdf', pages: 2 });
    // Told after each page, of the page tree's count.
    expect(progress).toEqual([
      { done: 1, total: 2, unit: 'page' },
      { done: 2, total: 2, unit: 'page' },
    ]);
    expect(doc.sections.map((s) => [s.title, s.source])).toEqual([
      ['Safety rules', '第 1 页'],
      ['Operating the press', '第 2 页'],
    ]);
    expect(doc.sections[0]!.blocks).toEqual([
      { type: 'paragraph', text: 'Wear a helmet in the workshop.' },
      { type: 'list', ordered: false, items: ['Check the stop button', 'Close the guard'] },
    ]);
  });

  it('PPTX: slides in the presentation’s order, titles, bullets and tables', async () => {
    const pptx = await buildPptx([
      { title: '开场', bullets: ['目标', '议程'] },
      {
        title: '数据',
        table: [
          ['季度', '销量'],
          ['Q1', '120'],
        ],
      },
      { title: '总结', bullets: ['回顾'] },
    ]);
    const progress: unknown[] = [];
    const doc = await readDocument(pptx, 'deck.pptx', (p) => progress.push(p));
    expect(doc).toMatchObject({ format: 'pptx', pages: 3 });
    expect(progress).toEqual([1, 2, 3].map((done) => ({ done, total: 3, unit: 'slide' })));
    expect(doc.sections.map((s) => [s.title, s.source])).toEqual([
      ['开场', '幻灯片 1'],
      ['数据', '幻灯片 2'],
      ['总结', '幻灯片 3'],
    ]);
    expect(doc.sections[0]!.blocks).toEqual([{ type: 'list', ordered: false, items: ['目标', '议程'] }]);
    expect(doc.sections[1]!.blocks).toEqual([
      {
        type: 'table',
        rows: [
          ['季度', '销量'],
          ['Q1', '120'],
        ],
      },
    ]);
    expect(doc.sections[2]!.blocks).toEqual([{ type: 'paragraph', text: '回顾' }]);
  });

  it('Markdown and plain text', async () => {
    const md = await readDocument(
      Buffer.from('# 总览\n介绍。\n\n## 步骤\n1. 打开\n2. 关闭\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
      'notes.md',
    );
    expect(md.format).toBe('markdown');
    expect(md.sections.map((s) => [s.title, s.level])).toEqual([
      ['总览', 1],
      ['步骤', 2],
    ]);
    expect(md.sections[1]!.blocks).toEqual([
      { type: 'list', ordered: true, items: ['打开', '关闭'] },
      {
        type: 'table',
        rows: [
          ['a', 'b'],
          ['1', '2'],
        ],
      },
    ]);
    // CommonMark as the shared parser reads it: a `#` in code is no heading, nested and `2)` items,
    // a quote over several lines, a closing `#` sequence.
    const nested = await readDocument(
      Buffer.from(
        '## 准备 ##\n- 工具\n  - 扳手\n+ 手套\n\n2) 检查\n3) 开机\n\n> 注意\n安全\n\n```sh\n# 不是标题\n```\n',
      ),
      'nested.md',
    );
    expect(nested.sections.map((s) => s.title)).toEqual(['准备']);
    expect(nested.sections[0]!.blocks).toEqual([
      { type: 'list', ordered: false, items: ['工具', '扳手'] },
      { type: 'list', ordered: false, items: ['手套'] },
      { type: 'list', ordered: true, items: ['检查', '开机'] },
      { type: 'paragraph', text: '注意 安全' },
      { type: 'paragraph', text: '# 不是标题' },
    ]);
    const txt = await readDocument(
      Buffer.from('第一章 开始\n\n正文一。\n\n第二章 继续\n\n正文二。'),
      'book.txt',
    );
    expect(txt.format).toBe('text');
    expect(txt.sections.map((s) => s.title)).toEqual(['第一章 开始', '第二章 继续']);
  });

  it('judges by bytes, not by the name: a PDF named .docx is read as a PDF', async () => {
    const doc = await readDocument(await buildPdf([['Hello', 'World.']]), 'lies.docx');
    expect(doc.format).toBe('pdf');
  });
});

describe('pictures', () => {
  it('DOCX: a picture where it sits in the text, with its alt text; its bytes kept for storing', async () => {
    const png = await tinyPng();
    const docx = await buildDocx([
      {
        title: '第一章 安全规范',
        paragraphs: ['进入车间前必须佩戴安全帽。', '设备运行时不得打开防护罩。'],
        images: [{ after: 1, data: png, alt: '安全帽的正确戴法' }],
      },
      { title: '第二章 设备操作', paragraphs: ['开机前先检查油位。'], images: [{ after: 1, data: png }] },
    ]);
    const doc = await readDocument(docx, '手册.docx');
    expect(doc.sections[0]!.blocks).toEqual([
      { type: 'paragraph', text: '进入车间前必须佩戴安全帽。' },
      { type: 'image', src: 'document-image:0', alt: '安全帽的正确戴法' },
      { type: 'paragraph', text: '设备运行时不得打开防护罩。' },
    ]);
    // The same picture again is the same image; no alt text is ''.
    expect(doc.sections[1]!.blocks.at(-1)).toEqual({ type: 'image', src: 'document-image:0', alt: '' });
    expect(doc.images.map((b) => Buffer.from(b).equals(png))).toEqual([true]);
  });

  it('PPTX: a slide’s pictures in the slide’s order, alt text from descr', async () => {
    const pptx = await buildPptx([
      { title: '开场', bullets: ['目标', '议程'], images: [{ data: await tinyPng(), alt: '产品照片' }] },
      { title: '总结', bullets: ['回顾'], images: [{ data: await tinyPng([0, 90, 200]) }] },
    ]);
    const doc = await readDocument(pptx, 'deck.pptx');
    expect(doc.sections[0]!.blocks).toEqual([
      { type: 'list', ordered: false, items: ['目标', '议程'] },
      { type: 'image', src: 'document-image:0', alt: '产品照片' },
    ]);
    expect(doc.sections[1]!.blocks).toEqual([
      { type: 'paragraph', text: '回顾' },
      { type: 'image', src: 'document-image:1', alt: '' },
    ]);
    expect(doc.images).toHaveLength(2);
  });

  it('EMF and SVG pictures are left out without a word; the text is read as ever', async () => {
    const chapter = {
      title: '图示',
      paragraphs: ['说明一。', '说明二。'],
      images: [
        { after: 1, data: await tinyPng([1, 2, 3]) },
        { after: 2, data: await tinyPng([4, 5, 6]) },
      ],
    };
    const docx = await buildDocx([chapter]);
    const [first] = partsUnder(docx, 'word/media/');
    const withEmf = await readDocument(rezip(docx, { [first!]: EMF }), 'emf.docx');
    expect(withEmf.sections[0]!.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'image']);
    expect(withEmf.images).toHaveLength(1);

    const pptx = await buildPptx([{ title: 'x', bullets: ['a'], images: [{ data: await tinyPng() }] }]);
    const [picture] = partsUnder(pptx, 'ppt/media/');
    const withSvg = await readDocument(rezip(pptx, { [picture!]: SVG }), 'svg.pptx');
    expect(withSvg.sections[0]!.blocks).toEqual([{ type: 'paragraph', text: 'a' }]);
    expect(withSvg.images).toEqual([]);
  });

  it(`at most ${DOCUMENT_LIMITS.imagesMax} pictures, the first ones; a picture over the byte cap is left out`, async () => {
    const n = DOCUMENT_LIMITS.imagesMax + 5;
    const pngs = await Promise.all(Array.from({ length: n }, (_, i) => tinyPng([i, 0, 0])));
    const docx = await buildDocx([
      { title: '图集', paragraphs: ['开头。'], images: pngs.map((data) => ({ after: 1, data })) },
    ]);
    const doc = await readDocument(docx, 'many.docx');
    const images = doc.sections[0]!.blocks.filter((b) => b.type === 'image');
    expect(images).toHaveLength(DOCUMENT_LIMITS.imagesMax);
    expect(doc.images).toHaveLength(DOCUMENT_LIMITS.imagesMax);
    expect(Buffer.from(doc.images[0]!).equals(pngs[0]!)).toBe(true);

    // A PNG past imageMaxBytes (zeros after its header) is left out before it is inflated; the next
    // picture and the text are read.
    const png = await tinyPng();
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(DOCUMENT_LIMITS.imageMaxBytes)]);
    const deck = await buildPptx([
      { title: '大图', bullets: ['文字'], images: [{ data: png }] },
      { title: '小图', images: [{ data: await tinyPng([9, 9, 9]) }] },
    ]);
    const [first] = partsUnder(deck, 'ppt/media/');
    const over = await readDocument(rezip(deck, { [first!]: big }), 'big-picture.pptx');
    expect(over.sections.map((s) => s.blocks.map((b) => b.type))).toEqual([['paragraph'], ['image']]);
    expect(over.images).toHaveLength(1);
  }, 30_000);
});

describe('bad input: a clear code, bounded time and memory', () => {
  it('an empty file, a blank text', async () => {
    expect(await codeOf(readDocument(Buffer.alloc(0), 'a.pdf'))).toBe(Code.AI_DOC_EMPTY);
    expect(await codeOf(readDocument(Buffer.from(' \n\n '), 'a.txt'))).toBe(Code.AI_DOC_EMPTY);
  });

  it('a file whose type lies (a PNG named .docx), a zip that is no Office document, an old .doc', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await codeOf(readDocument(png, 'x.docx'))).toBe(Code.AI_DOC_UNKNOWN_FORMAT);
    const zip = rezip(await buildDocx(), {});
    const notOffice = rezip(Buffer.from(zip), { 'word/document.xml': new Uint8Array() });
    expect(notOffice.length).toBeGreaterThan(0);
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    expect(await codeOf(readDocument(ole, 'old.doc'))).toBe(Code.AI_DOC_UNKNOWN_FORMAT);
  });

  it('an encrypted PDF and an encrypted DOCX', async () => {
    expect(await codeOf(readDocument(await buildEncryptedPdf(), 'secret.pdf'))).toBe(Code.AI_DOC_ENCRYPTED);
    expect(await codeOf(readDocument(buildEncryptedDocx(), 'secret.docx'))).toBe(Code.AI_DOC_ENCRYPTED);
  });

  it('a scanned PDF without text', async () => {
    expect(await codeOf(readDocument(await buildScannedPdf(), 'scan.pdf'))).toBe(Code.AI_DOC_NO_TEXT);
  });

  it('a corrupt DOCX and a corrupt PDF', async () => {
    const docx = await buildDocx();
    const cut = docx.subarray(0, Math.floor(docx.length / 2));
    expect(await codeOf(readDocument(cut, 'cut.docx'))).toBe(Code.AI_DOC_CORRUPT);
    const broken = rezip(docx, { 'word/document.xml': '<w:document><w:body><w:p>' });
    expect(await codeOf(readDocument(broken, 'broken.docx'))).toBe(Code.AI_DOC_CORRUPT);
    expect(await codeOf(readDocument(Buffer.from('%PDF-1.7\ngarbage'), 'x.pdf'))).toBe(Code.AI_DOC_CORRUPT);
  });

  it('XML with external entities is refused, nothing expanded or loaded', async () => {
    expect(await codeOf(readDocument(await buildXxeDocx(), 'xxe.docx'))).toBe(Code.AI_DOC_CORRUPT);
    const pptx = await buildPptx([{ title: 'x' }]);
    const slide = `<?xml version="1.0"?><!DOCTYPE p:sld [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>&xxe;</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    expect(await codeOf(readDocument(rezip(pptx, { 'ppt/slides/slide1.xml': slide }), 'xxe.pptx'))).toBe(
      Code.AI_DOC_CORRUPT,
    );
  });

  it('zip bombs: a part over the limit, a directory that lies about sizes, too many entries', async () => {
    const big = buildBombDocx(DOCUMENT_LIMITS.xmlPartMax + 1024);
    expect(big.length).toBeLessThan(1024 * 1024);
    const liar = buildLyingZip(30 * 1024 * 1024);
    const many = buildManyEntriesZip(DOCUMENT_LIMITS.zipEntriesMax + 1);
    expect(await codeOf(readDocument(big, 'bomb.docx'))).toBe(Code.AI_DOC_TOO_COMPLEX);
    expect(await codeOf(readDocument(liar, 'liar.docx'))).toBe(Code.AI_DOC_TOO_COMPLEX);
    expect(await codeOf(readDocument(many, 'many.docx'))).toBe(Code.AI_DOC_TOO_COMPLEX);
  });

  it('a 10,000-page PDF is refused from its page count, before any page is read', async () => {
    const pdf = await buildPdf(10_000);
    // How fast is the bench's to say (speed is not asserted here); the code and its params are.
    const err = await readDocument(pdf, 'huge.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(Code.AI_DOC_TOO_MANY_PAGES);
    expect((err as AppError).params).toEqual({ pages: 10_000, max: 500 });
  }, 120_000);

  it('a file over 50 MB', async () => {
    const big = Buffer.alloc(DOCUMENT_LIMITS.maxBytes + 1, 0x61);
    expect(await codeOf(readDocument(big, 'big.txt'))).toBe(Code.AI_DOC_TOO_LARGE);
  });
});

describe('text kept storable', () => {
  it('drops NUL and lone surrogates, which jsonb refuses (a PDF’s text can carry them)', () => {
    const b = new SectionBuilder();
    b.add({ type: 'paragraph', text: 'a\u0000b\ud800c' }, { title: 'x', source: 'y' });
    expect(b.result()[0]!.blocks).toEqual([{ type: 'paragraph', text: 'ab\ufffdc' }]);
  });
});
