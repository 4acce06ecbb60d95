/**
 * What the AI-from-documents journeys upload and check: a Word manual built here (`docx`), a chapter
 * a heading and a paragraph, and the outline review page showing those chapters as lesson titles.
 */
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Chapter = { title: string; text: string };

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
