/**
 * Documents the tests build themselves: DOCX (docx), PDF (pdf-lib), PPTX (pptxgenjs), and the hostile
 * ones (an encrypted PDF, zip bombs, XML with entities) made from those by hand.
 */
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';
import type { AiDocument } from '@studio/contract';
import { multipart } from './images.ts';
import type { TestApp } from './test-app.ts';

const parseRequest = (
  app: TestApp,
  token: string,
  name: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
) => {
  const form = multipart({}, { name, body: Buffer.from(body), type: 'application/octet-stream' });
  return app.app.inject({
    method: 'POST',
    url: '/api/ai/document/parse',
    payload: form.payload,
    headers: { ...form.headers, 'x-request-tkForm': 'pc', 'x-request-tkToken': token, ...headers },
  });
};

/** `POST /api/ai/document/parse` with the file, as the web sends it: the status and the envelope. */
export async function parseUpload(app: TestApp, token: string, name: string, body: Uint8Array) {
  const res = await parseRequest(app, token, name, body);
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: AiDocument }) };
}

/** The parse asked for its progress (`Accept: application/x-ndjson`, as the web asks): its lines, parsed. */
export async function parseUploadWithProgress(app: TestApp, token: string, name: string, body: Uint8Array) {
  const res = await parseRequest(app, token, name, body, {
    accept: 'application/x-ndjson, application/json',
  });
  const lines = res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.statusCode, type: res.headers['content-type'], lines };
}

/** A small PNG of one colour (each colour a different file). */
export const tinyPng = (rgb: [number, number, number] = [200, 30, 30], size = 8): Promise<Buffer> =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();

/** The first bytes of an EMF (what Word keeps of a pasted drawing) and an SVG: neither is a web image. */
export const EMF = Buffer.concat([
  Buffer.from('0100000084000000', 'hex'),
  Buffer.alloc(32),
  Buffer.from(' EMF', 'latin1'),
  Buffer.alloc(88),
]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');

/** A picture in a chapter, after its first `after` paragraphs. */
export type ChapterImage = { after: number; data: Buffer; alt?: string };

export type Chapter = {
  title: string;
  paragraphs: string[];
  bullets?: string[];
  table?: string[][];
  images?: ChapterImage[];
};

export const MANUAL: Chapter[] = [
  {
    title: '第一章 安全规范',
    paragraphs: ['进入车间前必须佩戴安全帽和防护眼镜。', '设备运行时不得打开防护罩。'],
    bullets: ['检查急停按钮', '确认防护罩已关闭'],
  },
  {
    title: '第二章 设备操作',
    paragraphs: ['开机前先检查油位和气压。'],
    table: [
      ['参数', '范围'],
      ['油位', '1/2 至 3/4'],
      ['气压', '0.5–0.7 MPa'],
    ],
  },
  { title: '第三章 故障处理', paragraphs: ['出现异响时立即停机并上报班长。'] },
];

export async function buildDocx(chapters: Chapter[] = MANUAL): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  for (const c of chapters) {
    children.push(new Paragraph({ text: c.title, heading: HeadingLevel.HEADING_1 }));
    const picturesAfter = (n: number) => {
      for (const image of (c.images ?? []).filter((i) => i.after === n))
        children.push(
          new Paragraph({
            children: [
              new ImageRun({
                type: 'png',
                data: image.data,
                transformation: { width: 8, height: 8 },
                ...(image.alt ? { altText: { description: image.alt, name: 'picture' } } : {}),
              }),
            ],
          }),
        );
    };
    picturesAfter(0);
    c.paragraphs.forEach((p, i) => {
      children.push(new Paragraph({ children: [new TextRun(p)] }));
      picturesAfter(i + 1);
    });
    for (const b of c.bullets ?? []) children.push(new Paragraph({ text: b, bullet: { level: 0 } }));
    if (c.table)
      children.push(
        new Table({
          rows: c.table.map(
            (row) =>
              new TableRow({
                children: row.map(
                  (cell) =>
                    new TableCell({
                      children: [new Paragraph({ text: cell, alignment: AlignmentType.LEFT })],
                    }),
                ),
              }),
          ),
        }),
      );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** A PDF of one page per text (Helvetica: Latin text only), or `pages` blank pages. */
export async function buildPdf(pages: string[][] | number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (typeof pages === 'number') {
    for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  } else
    for (const lines of pages) {
      const page = pdf.addPage([600, 800]);
      lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 20, size: 12, font }));
    }
  return pdf.save();
}

/** A PDF with a page of only a drawn rectangle: what a scan without text looks like to a reader. */
export async function buildScannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([600, 800]).drawRectangle({ x: 50, y: 50, width: 300, height: 400 });
  return pdf.save();
}

/**
 * An encrypted PDF: the standard security handler with a user password (its O and U entries do not
 * match the empty password), so no reader opens it without the password.
 */
export async function buildEncryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const ctx = pdf.context;
  const hex = (byte: string) => PDFHexString.of(byte.repeat(32));
  const encrypt = ctx.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4 });
  encrypt.set(PDFName.of('O'), hex('1f'));
  encrypt.set(PDFName.of('U'), hex('2e'));
  ctx.trailerInfo.Encrypt = ctx.register(encrypt);
  ctx.trailerInfo.ID = ctx.obj([
    PDFHexString.of('0123456789abcdef0123456789abcdef'),
    PDFHexString.of('0123456789abcdef0123456789abcdef'),
  ]);
  return pdf.save({ useObjectStreams: false });
}

/** A slide; its pictures come after its bullets. */
export type Slide = {
  title: string;
  bullets?: string[];
  table?: string[][];
  images?: { data: Buffer; alt?: string }[];
};

export async function buildPptx(slides: Slide[]): Promise<Buffer> {
  const pres = new PptxGenJS();
  pres.defineSlideMaster({
    title: 'M',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } },
    ],
  });
  for (const s of slides) {
    const slide = pres.addSlide({ masterName: 'M' });
    slide.addText(s.title, { placeholder: 'title' });
    if (s.bullets)
      slide.addText(
        s.bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
        { x: 0.5, y: 1.5, w: 9, h: 3 },
      );
    if (s.table)
      slide.addTable(
        s.table.map((row) => row.map((text) => ({ text }))),
        { x: 0.5, y: 3, w: 9 },
      );
    for (const image of s.images ?? [])
      slide.addImage({
        data: `image/png;base64,${image.data.toString('base64')}`,
        x: 1,
        y: 4,
        w: 1,
        h: 1,
        ...(image.alt ? { altText: image.alt } : {}),
      });
  }
  return (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** The names of a zip's parts under a folder (the pictures a builder stored: `word/media/`, `ppt/media/`). */
export const partsUnder = (zip: Uint8Array, folder: string): string[] =>
  Object.keys(unzipSync(zip))
    .filter((n) => n.startsWith(folder) && !n.endsWith('/'))
    .sort();

/** A zip's parts replaced or added (the rest kept), deflated again. */
export function rezip(zip: Uint8Array, parts: Record<string, string | Uint8Array>): Uint8Array {
  const files: Record<string, Uint8Array> = unzipSync(zip);
  for (const [name, body] of Object.entries(parts))
    files[name] = typeof body === 'string' ? strToU8(body) : body;
  return zipSync(files, { level: 6 });
}

/** A DOCX whose body declares an external entity and a billion-laughs entity. */
export async function buildXxeDocx(): Promise<Uint8Array> {
  const body = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;&b;</w:t></w:r></w:p></w:body></w:document>`;
  return rezip(await buildDocx(), { 'word/document.xml': body });
}

/** A zip bomb: one part that declares (and inflates to) more than one part may be. */
export function buildBombDocx(bytes: number): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': new Uint8Array(bytes).fill(0x20),
    },
    { level: 9 },
  );
}

/** A zip whose directory lies: the part declares 1,000 bytes and inflates to `bytes`. */
export function buildLyingZip(bytes: number): Uint8Array {
  const zip = buildBombDocx(bytes);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // Patch the declared size in every central directory entry of the big part.
  for (let o = 0; o + 46 < zip.length; o++) {
    if (view.getUint32(o, true) !== 0x02014b50) continue;
    if (view.getUint32(o + 24, true) === bytes) view.setUint32(o + 24, 1000, true);
  }
  return zip;
}

/** A zip of `count` tiny entries (past the entry limit). */
export function buildManyEntriesZip(count: number): Uint8Array {
  const files: Record<string, Uint8Array> = { 'word/document.xml': strToU8('<x/>') };
  for (let i = 0; i < count; i++) files[`word/media/${i}.xml`] = strToU8('x');
  return zipSync(files, { level: 0 });
}

/** What a password-protected DOCX is: an OLE compound file with an EncryptedPackage stream. */
export function buildEncryptedDocx(): Uint8Array {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([
    header,
    Buffer.alloc(504),
    Buffer.from('EncryptedPackage', 'utf16le'),
    Buffer.alloc(512),
  ]);
}
