import { describe, expect, it } from 'vitest';
import { withHead } from './page-head.ts';

const TAGS = '<title>课程 - 课程工作室</title>';

describe('withHead', () => {
  it("replaces the template's title and drops its description", () => {
    const html = withHead(
      '<html><head><meta name="description" content="旧的" />\n<title>课程工作室</title></head><body></body></html>',
      TAGS,
    );
    expect(html).toBe(`<html><head>${TAGS}</head><body></body></html>`);
  });

  it('puts the tags first in the head, or after the doctype, when the template has no title', () => {
    expect(withHead('<html><head lang="zh"><meta charset="utf-8"></head></html>', TAGS)).toBe(
      `<html><head lang="zh">\n    ${TAGS}<meta charset="utf-8"></head></html>`,
    );
    expect(withHead('<!doctype html><div id="root"></div>', TAGS)).toBe(
      `<!doctype html>\n${TAGS}<div id="root"></div>`,
    );
  });
});
