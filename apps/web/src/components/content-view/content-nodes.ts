import { mergeAttributes, Node } from '@tiptap/core';
import { CALLOUT_TONES, safeUrl, type CalloutTone } from './doc-filter.ts';
import { mediaSpec } from './media-html.ts';
import { toEmbedUrl } from './video-embed.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    callout: {
      /** Wraps the selected blocks in a callout, or lifts them out of one. */
      toggleCallout: (attrs?: { tone: CalloutTone }) => ReturnType;
      setCalloutTone: (tone: CalloutTone) => ReturnType;
    };
    videoEmbed: {
      insertVideoEmbed: (src: string) => ReturnType;
    };
  }
}

const toneOf = (value: unknown): CalloutTone => CALLOUT_TONES.find((tone) => tone === value) ?? 'info';

/** 提示框: a coloured box around blocks, in one of four tones. The server keeps `tone` only. */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      tone: {
        default: 'info',
        parseHTML: (element) => toneOf(element.getAttribute('data-tone')),
        renderHTML: (attributes) => ({ 'data-tone': toneOf(attributes.tone) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-callout]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-callout': '', class: 'callout' }), 0];
  },
  addCommands() {
    return {
      toggleCallout:
        (attrs) =>
        ({ commands }) =>
          commands.toggleWrap(this.name, attrs),
      setCalloutTone:
        (tone) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, { tone }),
    };
  },
});

/**
 * A video by its page URL. Known hosts (bilibili, YouTube, Tencent Video, Youku) render as their
 * player; any other URL renders as a link, so no unknown page is ever framed.
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-src'),
        // Written by renderHTML below from the node itself.
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-video-embed]' }];
  },
  renderHTML({ node }) {
    const src = safeUrl(node.attrs.src) ?? '';
    const embed = toEmbedUrl(src);
    const wrapper = { 'data-video-embed': '', 'data-src': src, class: 'video-embed' };
    if (embed) {
      return [
        'div',
        wrapper,
        [
          'iframe',
          {
            src: embed,
            title: src,
            allow: 'fullscreen; picture-in-picture',
            loading: 'lazy',
            referrerpolicy: 'no-referrer',
          },
        ],
      ];
    }
    return ['div', wrapper, ['a', { href: src, target: '_blank', rel: 'noopener noreferrer nofollow' }, src]];
  },
  addCommands() {
    return {
      insertVideoEmbed:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});

/** An uploaded video or audio by its media id (played through signed HLS; see media-html.ts). */
export const MediaBlock = Node.create({
  name: 'media',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    const number = (element: HTMLElement) => Number(element.getAttribute('data-media-id')) || null;
    return {
      // Written by renderHTML below from the node itself.
      mediaId: { default: null, parseHTML: number, renderHTML: () => ({}) },
      kind: { default: 'video', parseHTML: (e) => e.getAttribute('data-kind'), renderHTML: () => ({}) },
      title: { default: null, parseHTML: (e) => e.textContent || null, renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-media]' }];
  },
  renderHTML({ node }) {
    return mediaSpec({ type: 'media', attrs: node.attrs }) as never;
  },
});
