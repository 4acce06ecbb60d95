/**
 * Attachment tests' files, made by the tests themselves: a minimal valid PDF, Office files as real
 * zip containers (stored entries, CRC-32 from node:zlib), and multipart bodies sent with inject.
 */
import { crc32 } from 'node:zlib';
import type { Attachment } from '@studio/contract';
import type { TestApp } from './test-app.ts';

/** A one-page PDF with a correct cross-reference table. */
export function minimalPdf(text = 'Hello'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A zip of stored (uncompressed) entries. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A Word (docx) file as Office writes its container: the content types first. */
export const minimalDocx = () =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });

export type Part =
  { name: string; value: string } | { name: string; filename: string; type: string; body: Buffer };

/** A multipart/form-data body with the parts in order, and its content type. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----attach${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p)
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.body,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const b64 = (v: string) => Buffer.from(v).toString('base64');
type Envelope = { code: number; msg: string; data: unknown };
const envelopeOf = (body: string): Envelope | null => {
  try {
    return JSON.parse(body) as Envelope;
  } catch {
    return null;
  }
};

/** A tus request to the attachment upload endpoint, as tus-js-client sends it. */
export async function tusAttachment(
  app: TestApp,
  token: string,
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url = '/api/attachment/upload',
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  const res = await app.app.inject({
    method,
    url,
    payload,
    headers: { 'tus-resumable': '1.0.0', 'x-request-tkToken': token, ...headers },
  });
  return { status: res.statusCode, headers: res.headers, envelope: envelopeOf(res.body) };
}

/** A tus creation for an attachment of `size` bytes on a lesson (`size` null: no length declared). */
export async function createAttachmentUpload(
  app: TestApp,
  token: string,
  lessonId: number | string,
  size: number | null,
  filename = 'file.pdf',
) {
  const res = await tusAttachment(app, token, 'POST', undefined, {
    ...(size === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(size) }),
    'upload-metadata': `filename ${b64(filename)},lessonId ${b64(String(lessonId))}`,
  });
  const location = res.headers.location as string | undefined;
  return { ...res, location };
}

/** Bytes of an upload from `offset`. */
export const patchAttachment = (
  app: TestApp,
  token: string,
  location: string,
  offset: number,
  body: Buffer,
) =>
  tusAttachment(
    app,
    token,
    'PATCH',
    location,
    { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body,
  );

/**
 * Uploads one file to a lesson over tus as the editor does (creation, then the bytes in one PATCH);
 * answers as the former JSON route did: the envelope with the new attachment (code 200), or the
 * refusal's envelope and HTTP status.
 */
export async function upload(
  app: TestApp,
  token: string,
  lessonId: number,
  file: { filename: string; body: Buffer; type?: string },
): Promise<{ status: number; code: number; msg: string; data: Attachment }> {
  const created = await createAttachmentUpload(app, token, lessonId, file.body.length, file.filename);
  const refused = (r: { status: number; envelope: Envelope | null }) => ({
    status: r.status,
    code: r.envelope?.code ?? r.status,
    msg: r.envelope?.msg ?? '',
    data: r.envelope?.data as Attachment,
  });
  if (created.status !== 201 || !created.location) return refused(created);
  const done = await patchAttachment(app, token, created.location, 0, file.body);
  const id = Number(done.headers['attachment-id']);
  if (done.status !== 204 || !id) return refused(done);
  const list = await app.app.inject({
    method: 'GET',
    url: `/api/attachment/list?lessonId=${lessonId}`,
    headers: { 'x-request-tkToken': token },
  });
  const data = (list.json() as { data: { list: Attachment[] } }).data.list.find(
    (a) => a.attachmentId === id,
  )!;
  return { status: 200, code: 200, msg: '', data };
}
