import type { DocNode } from '@studio/contract';
import { markdownToDoc } from '@studio/contract/markdown';

/**
 * The assist streams Markdown; the editor holds lesson JSON. The converter is the server's own
 * (`@studio/contract/markdown`: CommonMark + GFM through the content whitelist), so a lesson the assist
 * writes reads as one the AI wrote. Its pictures are kept when their address is allowed.
 */
export const markdownBlocks = (markdown: string): DocNode[] => {
  if (!markdown.trim()) return [];
  const doc = markdownToDoc(markdown.trim(), { keepImage: () => true });
  return (doc.content ?? []).filter((block) => block.type !== 'paragraph' || block.content?.length);
};
