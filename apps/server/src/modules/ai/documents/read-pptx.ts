/**
 * PPTX: the slides in the order the presentation lists them (p:sldIdLst, through its relationships),
 * each slide one section (幻灯片 n) titled by its title placeholder, its text boxes' paragraphs as a
 * paragraph or a list, its tables as tables, its pictures (p:pic, through the slide's relationships
 * to ppt/media/…, alt text from p:cNvPr descr) as images (doc-images.ts), all in the order they are
 * in the slide. Every part is read under the zip limits and with the safe XML reader (no DTD, no
 * entities).
 */
import { posix } from 'node:path';
import { DOCUMENT_LIMITS, type DocumentSection } from '@studio/contract';
import { checkDeadline, docRefused } from './doc-errors.ts';
import { DocumentImages } from './doc-images.ts';
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

/** A slide's relationships (rId → part name); external targets are left out. */
function slideRels(buf: Uint8Array, parts: Map<string, ZipEntry>, slide: string): Map<string, string> {
  const rels = new Map<string, string>();
  const entry = parts.get(`${posix.dirname(slide)}/_rels/${posix.basename(slide)}.rels`);
  if (!entry) return rels;
  readXml(xmlOf(buf, entry), {
    open: (t) => {
      if (t.name !== 'Relationship' || t.attributes.TargetMode === 'External') return;
      const target = String(t.attributes.Target);
      const part = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(posix.dirname(slide), target));
      rels.set(String(t.attributes.Id), part);
    },
  });
  return rels;
}

type Shape = { title: boolean; paragraphs: string[] };
type Picture = { embed: string; alt: string };

/** One slide's title, text boxes, tables and pictures, in the order they are in the slide. */
function readSlide(xml: string, n: number, b: SectionBuilder, image: (rId: string) => string | null): void {
  const where = { title: `幻灯片 ${n}`, source: `幻灯片 ${n}` };
  const shapes: Shape[] = [];
  const tables: string[][][] = [];
  const order: ({ shape: Shape } | { table: string[][] } | { picture: Picture })[] = [];
  let picture: Picture | null = null;
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
          break;
        case 'p:pic':
          picture = { embed: '', alt: '' };
          break;
        case 'p:cNvPr':
          if (picture) picture.alt = String(t.attributes.descr || t.attributes.title || '');
          break;
        case 'a:blip':
          if (picture && typeof t.attributes['r:embed'] === 'string') picture.embed = t.attributes['r:embed'];
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
      } else if (name === 'p:pic' && picture) {
        order.push({ picture });
        picture = null;
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
    else if ('picture' in part) {
      const src = part.picture.embed && image(part.picture.embed);
      if (src) b.add({ type: 'image', src, alt: part.picture.alt }, where);
    } else if (!part.shape.title) {
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
): { pages: number; sections: DocumentSection[]; images: Uint8Array[] } {
  const parts = zipIndex(entries);
  const paths = slidePaths(buf, parts);
  if (paths.length > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(paths.length);
  const b = new SectionBuilder();
  let inflated = 0;
  const count = (bytes: number) => {
    inflated += bytes;
    if (inflated > DOCUMENT_LIMITS.zipInflatedMax) throw docRefused.tooComplex();
  };
  const images = new DocumentImages(buf, parts, count);
  paths.forEach((path, i) => {
    checkDeadline(deadline);
    const xml = xmlOf(buf, parts.get(path));
    count(xml.length);
    // The slide's relationships are read only when a picture needs them.
    let rels: Map<string, string> | undefined;
    readSlide(xml, i + 1, b, (rId) => {
      rels ??= slideRels(buf, parts, path);
      const part = rels.get(rId);
      return part ? images.take(part) : null;
    });
    onSlide?.(i + 1, paths.length);
  });
  return { pages: paths.length, sections: b.result(), images: images.images };
}
