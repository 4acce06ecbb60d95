/**
 * What the AI-from-documents journeys upload and check: a Word manual built here (`docx`), a chapter
 * a heading, a paragraph and maybe a picture, and the outline review page showing those chapters as
 * lesson titles.
 */
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A chapter; `picture`: its alt text, for a picture after its paragraph. */
export type Chapter = { title: string; text: string; picture?: string };

/** A 48×32 orange PNG. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCF8c49ufCfIw942ABRPTc0Hx1s64ABUWHaoawZVnHD4IxOlQzhC3LOoTwQYsO1QxhyyKHIhjrdHB4XB8F4PhqHqPLRAAAAABJRU5ErkJggg==',
  'base64',
);

const pictureParagraph = (alt: string) =>
  new Paragraph({
    children: [
      new ImageRun({
        type: 'png',
        data: PICTURE,
        transformation: { width: 48, height: 32 },
        altText: { description: alt, name: 'picture', title: alt },
      }),
    ],
  });

/** The manual's chapters, then (when given) a table of its rows. */
export const manualDocx = (chapters: readonly Chapter[], table?: string[][]): Promise<Buffer> =>
  Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            ...chapters.flatMap((c) => [
              new Paragraph({ text: c.title, heading: HeadingLevel.HEADING_1 }),
              new Paragraph({ text: c.text }),
              ...(c.picture ? [pictureParagraph(c.picture)] : []),
            ]),
            ...(table
              ? [
                  new Table({
                    rows: table.map(
                      (r) =>
                        new TableRow({
                          children: r.map((t) => new TableCell({ children: [new Paragraph(t)] })),
                        }),
                    ),
                  }),
                ]
              : []),
          ],
        },
      ],
    }),
  );

/** The outline review page, its lessons titled by the chapters in order. */
export async function expectOutlineOf(page: Page, chapters: readonly Chapter[]): Promise<void> {
  await page.getByRole('heading', { name: '确认课程大纲' }).waitFor();
  for (const [i, c] of chapters.entries())
    await expect
      .poll(() => page.getByRole('textbox', { name: `第 ${i + 1} 课标题`, exact: true }).inputValue())
      .toBe(c.title);
}
