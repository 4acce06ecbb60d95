/**
 * PPTX: the slides in the order the presentation lists them (p:sldIdLst, through its relationships),
 * each slide one section (幻灯片 n) titled by its title placeholder, its text boxes' paragraphs as a
 * paragraph or a list, its tables as tables. Every part is read under the zip limits and with the
 * safe XML reader (no DTD, no entities).
 */
import { DOCUMENT_LIMITS, type DocumentSection } from '@studio/contract';
import { checkDeadline, docRefused } from './doc-errors.ts';
import { readXml } from './safe-xml.ts';
import { SectionBuilder } from './sections.ts';
import { readZipEntry, zipIndex, type ZipEntry } from './zip-reader.ts';

const xmlOf = (buf: Uint8Array, entry: ZipEntry | undefined): string => {
  if (!entry) throw docRefused.corrupt();
  const bytes = readZipEntry(buf, entry);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
};

/** The slide parts in presentation order. */
function slidePaths(buf: Uint8Array, parts: Map<string, ZipEntry>): string[] {
  const ids: string[] = [];
  readXml(xmlOf(buf, parts.get('ppt/presentation.xml')), {
    open: (t) => {
      if (t.name === 'p:sldId' && typeof t.attributes['r:id'] === 'string') ids.push(t.attributes['r:id']);
    },
  });
  const targets = new Map<string, string>();
  readXml(xmlOf(buf, parts.get('ppt/_rels/presentation.xml.rels')), {
    open: (t) => {
      if (t.name === 'Relationship') targets.set(String(t.attributes.Id), String(t.attributes.Target));
    },
  });
  return ids.map((id) => {
    const target = targets.get(id);
    if (!target) throw docRefused.corrupt();
    return target.startsWith('/') ? target.slice(1) : `ppt/${target.replace(/^\.\//, '')}`;
  });
}

type Shape = { title: boolean; paragraphs: string[] };

/** One slide's title, text boxes and tables, in the order they are in the slide. */
function readSlide(xml: string, n: number, b: SectionBuilder): void {
  const where = { title: `幻灯片 ${n}`, source: `幻灯片 ${n}` };
  const shapes: Shape[] = [];
  const tables: string[][][] = [];
  const order: ({ shape: Shape } | { table: string[][] })[] = [];
  let shape: Shape | null = null;
  let table: string[][] | null = null;
  let para: string[] | null = null;
  let cell: string[] | null = null;
  let inText = false;
  readXml(xml, {
    open(t) {
      switch (t.name) {
        case 'p:sp':
          shape = { title: false, paragraphs: [] };
          break;
        case 'p:ph':
          if (shape && /^(title|ctrTitle)$/.test(String(t.attributes.type))) shape.title = true;
          break;
        case 'a:tbl':
          table = [];
          break;
        case 'a:tr':
          table?.push([]);
          break;
        case 'a:tc':
          cell = [];
          break;
        case 'a:p':
          para = [];
          break;
        case 'a:t':
          inText = true;
          break;
        case 'a:br':
          para?.push(' ');
      }
    },
    text(s) {
      if (inText) para?.push(s);
    },
    close(name) {
      if (name === 'a:t') inText = false;
      else if (name === 'a:p' && para) {
        const line = para.join('');
        if (cell) cell.push(line);
        else (shape as Shape | null)?.paragraphs.push(line);
        para = null;
      } else if (name === 'a:tc' && cell) {
        (table as string[][] | null)?.at(-1)?.push(cell.join(' '));
        cell = null;
      } else if (name === 'a:tbl' && table) {
        tables.push(table);
        order.push({ table });
        table = null;
      } else if (name === 'p:sp' && shape) {
        shapes.push(shape);
        order.push({ shape });
        shape = null;
      }
    },
  });
  const title = shapes
    .find((s) => s.title)
    ?.paragraphs.join(' ')
    .trim();
  b.start(title || `幻灯片 ${n}`, 1, `幻灯片 ${n}`);
  for (const part of order) {
    if ('table' in part) b.add({ type: 'table', rows: part.table }, where);
    else if (!part.shape.title) {
      const lines = part.shape.paragraphs.map((p) => p.trim()).filter(Boolean);
      if (lines.length > 1) b.add({ type: 'list', ordered: false, items: lines }, where);
      else if (lines.length) b.add({ type: 'paragraph', text: lines[0]! }, where);
    }
  }
}

export function readPptx(
  buf: Uint8Array,
  entries: ZipEntry[],
  deadline: number,
  onSlide?: (done: number, total: number) => void,
): { pages: number; sections: DocumentSection[] } {
  const parts = zipIndex(entries);
  const paths = slidePaths(buf, parts);
  if (paths.length > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(paths.length);
  const b = new SectionBuilder();
  let inflated = 0;
  paths.forEach((path, i) => {
    checkDeadline(deadline);
    const xml = xmlOf(buf, parts.get(path));
    inflated += xml.length;
    if (inflated > DOCUMENT_LIMITS.zipInflatedMax) throw docRefused.tooComplex();
    readSlide(xml, i + 1, b);
    onSlide?.(i + 1, paths.length);
  });
  return { pages: paths.length, sections: b.result() };
}
