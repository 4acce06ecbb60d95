/**
 * A document's sections as lessons: the outline follows the document's own structure (its top-level
 * chapters, headings, slides or pages; at most AI_LIMITS.lessonsMax lessons, so neighbours are merged
 * when there are more), each lesson names the sections it comes from, and its text is written from
 * those sections only. The sections as Markdown for a generator: platform/ai/sections-markdown.ts.
 */
import { AI_LIMITS, type AiCreateRequest, type DocumentSection, type Outline } from '@studio/contract';
import { markdownImages } from '@studio/contract/markdown';
import type { LessonSource } from '../../../platform/ai/course-generator.ts';
import { imageLine } from '../../../platform/ai/sections-markdown.ts';

/** The label of the template generator on a document's job: no model, the document's own text. */
export const DOCUMENT_TEMPLATE_LABEL = '按文档结构生成（未使用 AI）';

/** Groups of section indices, one per lesson. */
export function groupSections(sections: DocumentSection[], max: number = AI_LIMITS.lessonsMax): number[][] {
  const levels = [...new Set(sections.map((s) => s.level))].sort((a, b) => a - b);
  let groups: number[][] = [];
  // The top level that splits the document in more than one part (a lone title heading does not).
  for (const level of levels) {
    groups = [];
    sections.forEach((s, i) => {
      if (!groups.length || s.level <= level) groups.push([i]);
      else groups.at(-1)!.push(i);
    });
    if (groups.length > 1) break;
  }
  // A heading with nothing under it (a title, an empty chapter page) joins the part after it.
  groups = groups.reduce<number[][]>((out, g) => {
    const carried = out.at(-1);
    if (carried && carried.every((i) => !sections[i]!.blocks.length))
      out[out.length - 1] = [...carried, ...g];
    else out.push(g);
    return out;
  }, []);
  if (groups.length <= max) return groups;
  // More parts than lessons: neighbours are merged evenly, keeping the document's order.
  const merged: number[][] = [];
  const per = groups.length / max;
  for (let l = 0; l < max; l++)
    merged.push(groups.slice(Math.round(l * per), Math.round((l + 1) * per)).flat());
  return merged.filter((g) => g.length);
}

/** "第 3–5 页", "幻灯片 7", or the sections' own names: where a lesson's text comes from. */
export function sourceLabel(sections: DocumentSection[]): string {
  const numbered = (re: RegExp, unit: (a: string) => string) => {
    const ns = sections.map((s) => re.exec(s.source)?.[1]).filter(Boolean) as string[];
    if (ns.length !== sections.length || !ns.length) return null;
    const [first, last] = [ns[0]!, ns.at(-1)!];
    return unit(first === last ? first : `${first}–${last}`);
  };
  const names = [...new Set(sections.map((s) => s.source))];
  return (
    numbered(/^第 (\d+) 页$/, (r) => `第 ${r} 页`) ??
    numbered(/^幻灯片 (\d+)$/, (r) => `幻灯片 ${r}`) ??
    (names.length > 4 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 节` : names.join('、'))
  );
}

const short = (s: string, n: number) => ([...s].length > n ? `${[...s].slice(0, n - 1).join('')}…` : s);

export function documentOutline(
  r: AiCreateRequest,
  documentName: string,
  sections: DocumentSection[],
): Outline {
  const zh = r.language === 'zh-CN';
  const groups = groupSections(sections);
  const lessons = groups.map((g) => {
    const first = sections[g[0]!]!;
    const label = sourceLabel(g.map((i) => sections[i]!));
    return {
      title: short(first.title || label, 60),
      goal: short(zh ? `掌握文档${label}的内容` : `Learn the document's ${label}`, 200),
      sources: g,
    };
  });
  const name = short(documentName, 40);
  return {
    title: short(r.topic, 60),
    subtitle: short(zh ? `根据《${name}》整理` : `From “${name}”`, 120),
    summary: zh
      ? `这门课程根据文档《${name}》按其结构分为 ${lessons.length} 节，每节来自文档的对应章节。`
      : `${lessons.length} lessons from “${name}”, following its structure; each lesson comes from its own sections.`,
    lessons,
  };
}

/** The sources of the pictures in a lesson's sections, in order: the only ones its text may show. */
export function sourceImages(source: LessonSource): Set<string> {
  return new Set(
    source.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'image' ? [b.src] : []))),
  );
}

/**
 * The sections' pictures the text does not show (a model that left them out), as Markdown lines to
 * go after it, in the document's order; '' when it shows them all (the template always does).
 */
export function missingImages(text: string, source: LessonSource): string {
  const shown = new Set(markdownImages(text));
  const lines = source.sections
    .flatMap((s) => s.blocks.flatMap((b) => (b.type === 'image' ? [b] : [])))
    .filter((b, i, all) => !shown.has(b.src) && all.findIndex((o) => o.src === b.src) === i)
    .map((b) => imageLine(b.src, b.alt));
  return lines.length ? `\n\n${lines.join('\n\n')}` : '';
}

/** The note at the end of each lesson written from a document: which pages or sections it came from. */
export function sourceNote(source: LessonSource, language: AiCreateRequest['language']): string {
  const label = sourceLabel(source.sections);
  return language === 'zh-CN'
    ? `\n\n> 来源：《${source.documentName}》${label}\n`
    : `\n\n> Source: “${source.documentName}”, ${label}\n`;
}
