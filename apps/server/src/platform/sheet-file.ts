/**
 * Report exports as files: an .xlsx (exceljs) or a CSV, from one header and rows of plain values.
 * Every text a person typed (a nickname, a course title) may start with = + - @: in a CSV, Excel
 * and WPS would run it as a formula (CSV injection), so such a cell gets a leading apostrophe. The
 * .xlsx writes every text as a string cell, which a spreadsheet never evaluates.
 */
import type { FastifyReply } from 'fastify';

/**
 * exceljs (with JSZip, archiver and unzipper, ≈ 3 MB of heap) loads with the first spreadsheet a
 * process reads or writes, not at every start.
 */
export const loadExcelJs = async () => (await import('exceljs')).default;

export type SheetValue = string | number | null;
export type SheetFile = { header: string[]; rows: SheetValue[][] };
export type SheetFormat = 'xlsx' | 'csv';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A CSV cell: a leading = + - @ tab or CR is neutralised, then quoted when it must be. */
export const csvCell = (value: SheetValue): string => {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** UTF-8 with a BOM, so Excel opens the Chinese right; CRLF lines as RFC 4180 says. */
export const toCsv = (file: SheetFile): Buffer =>
  Buffer.from('\uFEFF' + [file.header, ...file.rows].map((r) => r.map(csvCell).join(',')).join('\r\n'));

export async function toXlsx(sheetName: string, file: SheetFile): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(file.header).font = { bold: true };
  for (const row of file.rows) sheet.addRow(row.map((v) => (v === null ? '' : v)));
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A file to download: its type, its Content-Disposition and its bytes. */
export type Download = { type: string; disposition: string; body: Buffer };

/** An attachment's Content-Disposition with its name in RFC 5987 form, so a Chinese name is kept. */
export const attachmentDisposition = (filename: string): string =>
  `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Answers with a download (every export and template of the API goes out this way). */
export const sendDownload = (reply: FastifyReply, file: Download): FastifyReply =>
  reply.type(file.type).header('content-disposition', file.disposition).send(file.body);

/** The file in the asked format with its type and a download name. */
export async function sheetFile(
  format: SheetFormat,
  name: string,
  sheetName: string,
  file: SheetFile,
): Promise<Download> {
  const filename = `${name}.${format}`;
  return {
    type: format === 'xlsx' ? XLSX_TYPE : CSV_TYPE,
    disposition: attachmentDisposition(filename),
    body: format === 'xlsx' ? await toXlsx(sheetName, file) : toCsv(file),
  };
}
