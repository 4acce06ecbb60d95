import { mergeAttributes } from '@tiptap/core';
import Image from '@tiptap/extension-image';

/** The `<img>` of a figure, or the image itself: where an image's attributes are read from. */
const imgOf = (element: HTMLElement): HTMLElement | null =>
  element.tagName === 'FIGURE' ? element.querySelector('img') : element;

const readAttr = (name: string) => (element: HTMLElement) => imgOf(element)?.getAttribute(name) ?? null;

/**
 * 图片: an image with the width the author gave it (CSS pixels, never wider than the page) and a
 * caption under it. Without a caption it is a bare `<img>`, as before captions existed; with one, a
 * `<figure>`. The server keeps src, alt, title, width and caption (content-sanitizer.ts).
 */
export const ContentImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null, parseHTML: readAttr('src') },
      alt: { default: null, parseHTML: readAttr('alt') },
      title: { default: null, parseHTML: readAttr('title') },
      width: {
        default: null,
        parseHTML: (element) => {
          const width = Number(imgOf(element)?.getAttribute('width'));
          return Number.isInteger(width) && width > 0 ? width : null;
        },
      },
      caption: {
        default: null,
        parseHTML: (element) => element.querySelector('figcaption')?.textContent || null,
        // Written by renderHTML below as the figure's caption, not as an attribute of the image.
        rendered: false,
      },
    };
  },
  parseHTML() {
    return [
      { tag: 'figure[data-image]', getAttrs: (element) => (imgOf(element) ? null : false) },
      { tag: 'img[src]:not([src^="data:"])' },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const img = ['img', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes)] as const;
    const caption: unknown = node.attrs.caption;
    if (typeof caption !== 'string' || !caption) return img;
    return ['figure', { 'data-image': '', class: 'image-figure' }, img, ['figcaption', {}, caption]];
  },
}).configure({ inline: false, allowBase64: false });
