import { describe, expect, it } from 'vitest';
import { enUS } from '../../../lib/i18n/en-us.ts';
import { zhCN } from '../../../lib/i18n/zh-cn.ts';
import { labelEm, selectWidthFor } from './select-width.ts';

/** The width in px at the toolbar's 14 px font of a `calc(Xem + Ypx)`. */
const px = (css: string) => {
  const [, em, extra] = /^calc\(([\d.]+)em \+ (\d+)px\)$/.exec(css)!;
  return Number(em) * 14 + Number(extra);
};

describe('the text style select is as wide as its longest label', () => {
  it('English "Body text" is not cut to "Body t…" (the old fixed 92 px); Chinese stays narrow', () => {
    const labels = (m: typeof zhCN | typeof enUS) => [
      m.editor.toolbar.paragraph,
      ...[1, 2, 3].map((level) => m.editor.toolbar.heading.replace('{{level}}', String(level))),
    ];
    const en = selectWidthFor(labels(enUS));
    expect(px(en)).toBeGreaterThan(92);
    for (const label of labels(enUS)) expect(labelEm(label) * 14).toBeLessThanOrEqual(px(en) - 40);
    const zh = selectWidthFor(labels(zhCN));
    expect(px(zh)).toBeLessThan(px(en));
    expect(labelEm('正文')).toBe(2);
  });
});
