/**
 * AI documents (issue 36), part of the AI section: documents built here (pdf-lib, docx, pptxgenjs)
 *
 * 1. Parsing throughput: a 200-page PDF, a 200-page DOCX (page breaks), the same DOCX with 20 photos
 *    and a 200-slide PPTX sent to the real server's `POST /api/ai/document/parse` on 127.0.0.1, pages
 *    per second from send to answer (upload, reading, the pictures stored, the row insert).
 * 2. A 200-page PDF to a reviewed outline: parse, `POST /ai/job/create` with the document, the outline
 *    ready (its SSE stream), the author's save of it (`/ai/job/outline`), on a server with the template
 *    generator and on one with the fake provider.
 *
 * Bounded: RUNS per row, every request with a timeout, every wait with a deadline.
 */
import type { AiDocument, AiJob } from '@studio/contract';
import { API_BASE, PLATFORM_CODE, Routes, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { Document, HeadingLevel, ImageRun, Packer, PageBreak, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';
import type { RunningServer } from '../e2e/support/server.ts';
import { apiLogin } from '../e2e/support/session.ts';
import { api, openJobStream } from './ai-client.ts';

export const DOC_PAGES = 200;
const RUNS = 3;
/** Photos in the pictured DOCX: one every tenth chapter, each a 1600×1200 JPEG of noise (a phone photo's bytes). */
const PHOTOS = 20;

const sentence = (n: number, i: number) =>
  `Section ${n}.${i}: check the guard, the oil level and the air pressure before each shift starts.`;

async function buildPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([600, 800]);
    page.drawText(`Chapter ${n}`, { x: 50, y: 740, size: 18, font });
    for (let i = 1; i <= 20; i++) page.drawText(sentence(n, i), { x: 50, y: 720 - i * 30, size: 10, font });
  }
  return pdf.save();
}

/** A different noisy photo each time, so no two compress alike. */
const photo = (seed: number): Promise<Buffer> =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: (seed * 37) % 256, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function buildDocx(pages: number, photos = 0): Promise<Buffer> {
  const children = [];
  const every = photos ? Math.floor(pages / photos) : 0;
  for (let n = 1; n <= pages; n++) {
    children.push(new Paragraph({ text: `第 ${n} 章 设备操作`, heading: HeadingLevel.HEADING_1 }));
    for (let i = 1; i <= 20; i++) children.push(new Paragraph(sentence(n, i)));
    if (every && n % every === 0)
      children.push(
        new Paragraph({
          children: [
            new ImageRun({ type: 'jpg', data: await photo(n), transformation: { width: 400, height: 300 } }),
          ],
        }),
      );
    if (n < pages) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

async function buildPptx(slides: number): Promise<Buffer> {
  const pres = new PptxGenJS();
  pres.defineSlideMaster({
    title: 'M',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } },
    ],
  });
  for (let n = 1; n <= slides; n++) {
    const slide = pres.addSlide({ masterName: 'M' });
    slide.addText(`幻灯片 ${n}：安全规范`, { placeholder: 'title' });
    slide.addText(
      [1, 2, 3, 4, 5].map((i) => ({ text: sentence(n, i), options: { bullet: true, breakLine: true } })),
      { x: 0.5, y: 1.5, w: 9, h: 3 },
    );
  }
  return (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
}

async function upload(base: string, token: string, name: string, bytes: Uint8Array): Promise<AiDocument> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}${API_BASE}${Routes.ai.documentParse}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, [SOURCE_HEADER]: PLATFORM_CODE },
    body: form,
    signal: AbortSignal.timeout(90_000),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: AiDocument };
  if (envelope.code !== 200) throw new Error(`parse ${name}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export type ParseRow = {
  format: string;
  bytes: number;
  pages: number;
  sections: number;
  images: number;
  ms: number[];
};

/** Each format's parse, RUNS times, on one server. */
export async function parseThroughput(server: RunningServer): Promise<ParseRow[]> {
  const user = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
  const files: [string, string, Uint8Array][] = [
    ['PDF', 'bench.pdf', await buildPdf(DOC_PAGES)],
    ['DOCX', 'bench.docx', await buildDocx(DOC_PAGES)],
    [`DOCX + ${PHOTOS} photos`, 'bench-photos.docx', await buildDocx(DOC_PAGES, PHOTOS)],
    ['PPTX', 'bench.pptx', await buildPptx(DOC_PAGES)],
  ];
  const rows: ParseRow[] = [];
  for (const [format, name, bytes] of files) {
    const row: ParseRow = { format, bytes: bytes.length, pages: 0, sections: 0, images: 0, ms: [] };
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const doc = await upload(server.baseUrl, user.token, name, bytes);
      row.ms.push(performance.now() - started);
      row.pages = doc.pages;
      row.sections = doc.sections.length;
      row.images = doc.sections.reduce((n, sec) => n + sec.images, 0);
    }
    rows.push(row);
  }
  return rows;
}

export type OutlineRun = { parseMs: number; outlineMs: number; reviewMs: number; lessons: number };

/** A 200-page PDF to a reviewed outline, RUNS times: parse, job, outline ready, the author's save. */
export async function pdfToOutline(server: RunningServer): Promise<OutlineRun[]> {
  const user = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
  const pdf = await buildPdf(DOC_PAGES);
  const runs: OutlineRun[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const doc = await upload(server.baseUrl, user.token, `manual-${run + 1}.pdf`, pdf);
    const t1 = performance.now();
    const job = await api<AiJob>(server.baseUrl, user.token, Routes.ai.create, {
      topic: `文档基准 ${run + 1}`,
      documentId: doc.documentId,
    });
    const stream = openJobStream(server.baseUrl, user.token, job.jobId, 60_000);
    let ready: AiJob;
    try {
      await stream.waitFor((e) => e.type === 'stage' && e.status === 'outline_ready', 60_000);
      ready = await api<AiJob>(server.baseUrl, user.token, `${Routes.ai.detail}?jobId=${job.jobId}`);
    } finally {
      stream.close();
    }
    const t2 = performance.now();
    await api<AiJob>(server.baseUrl, user.token, Routes.ai.outline, {
      jobId: job.jobId,
      outline: ready.outline,
    });
    const t3 = performance.now();
    runs.push({
      parseMs: t1 - t0,
      outlineMs: t2 - t1,
      reviewMs: t3 - t2,
      lessons: ready.outline?.lessons.length ?? 0,
    });
  }
  return runs;
}

const ms = (x: number) => Math.round(x).toString();

/** What the pictured DOCX costs over the plain one, per picture: storing pictures is the files module's re-encode. */
function photoCost(parse: ParseRow[]): string {
  const plain = parse.find((r) => r.format === 'DOCX');
  const pictured = parse.find((r) => r.images > 0);
  if (!plain || !pictured) return '';
  const each = (median(pictured.ms) - median(plain.ms)) / pictured.images;
  return `
The ${pictured.images} photos add ${ms(median(pictured.ms) - median(plain.ms))} ms to the DOCX's parse, ${ms(each)} ms a photo: each is decoded and re-encoded in the files module's four variants (1600 and 800 px, JPEG and WebP), as every uploaded image is; noise is an encoder's worst case. The parse sends a progress line per picture stored, so the upload box counts them.
`;
}

export function documentsMarkdown(
  parse: ParseRow[],
  outlines: { generator: string; runs: OutlineRun[] }[],
): string {
  const parseTable = [
    '| format | file KB | pages (generated) | pages the server counted | sections | pictures stored | median ms | min ms | max ms | pages/s (median) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...parse.map(
      (r) =>
        `| ${r.format} | ${Math.round(r.bytes / 1024)} | ${DOC_PAGES} | ${r.pages} | ${r.sections} | ${r.images} | ${ms(median(r.ms))} | ${ms(Math.min(...r.ms))} | ${ms(Math.max(...r.ms))} | ${((DOC_PAGES / median(r.ms)) * 1000).toFixed(0)} |`,
    ),
  ].join('\n');
  const outlineTable = [
    '| generator | parse ms | job → outline ready ms | review save ms | total ms (median) | lessons in the outline |',
    '|---|---:|---:|---:|---:|---:|',
    ...outlines.map(({ generator, runs }) => {
      const total = runs.map((r) => r.parseMs + r.outlineMs + r.reviewMs);
      return `| ${generator} | ${ms(median(runs.map((r) => r.parseMs)))} | ${ms(median(runs.map((r) => r.outlineMs)))} | ${ms(median(runs.map((r) => r.reviewMs)))} | ${ms(median(total))} | ${runs[0]?.lessons ?? 0} |`;
    }),
  ].join('\n');
  return `### Documents: parsing throughput

Documents built by the bench (\`bench/ai-documents.ts\`: pdf-lib, docx, pptxgenjs), each of ${DOC_PAGES} pages (PDF pages of a heading and 20 lines; DOCX chapters of a heading and 20 paragraphs, a page break after each, and in the pictured DOCX a 1600×1200 JPEG photo after every ${DOC_PAGES / PHOTOS}th chapter, which the server decodes and stores re-encoded in its sizes; PPTX slides of a title and 5 bullets), sent ${RUNS} times each to \`POST /api/ai/document/parse\` of the real server on 127.0.0.1 (the template generator's server): send → answer, so upload, reading, storing the pictures and the \`ai_documents\` insert. Pages/s = ${DOC_PAGES} / the median. A DOCX has no pages of its own until Word lays it out: the server takes Word's saved page count, and for a file without one (like these) estimates it from the text (1,800 characters a page), so that column says what the server counted; the rate uses the ${DOC_PAGES} pages the bench made. Every row runs the whole request on a machine busy with other work (see the load average below), so these are a floor, not a ceiling.

${parseTable}
${photoCost(parse)}
### Documents: a ${DOC_PAGES}-page PDF to a reviewed outline

Through the API, ${RUNS} runs each (medians): the parse, then \`POST /ai/job/create\` with the document to the \`outline_ready\` event on the job's SSE stream (the outline comes from the document's own structure with either generator), then the author's review saved unchanged (\`POST /ai/job/outline\`, which checks every lesson's sources).

${outlineTable}
`;
}
