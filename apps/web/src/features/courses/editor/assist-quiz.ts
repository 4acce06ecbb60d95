import type { DocNode } from '@studio/contract';
import { filterDoc } from '../../../components/content-view/doc-filter.ts';

const parseLine = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

/**
 * The assist's quiz action streams quiz blocks, one JSON object per line, the key filled in (the
 * server checks each). Every complete line becomes a quiz node, named `<run>-<line>` so each keeps
 * its id while the answer grows and the author reviews them; the content whitelist applies as to any
 * content. A line still arriving does not parse yet and is left for the next piece.
 */
export const quizBlocks = (text: string, run: string): DocNode[] => {
  const quizzes = text.split('\n').flatMap((line, i): DocNode[] => {
    const value = parseLine(line.trim());
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    return [{ type: 'quiz', attrs: { ...value, id: `${run}-${i + 1}` } }];
  });
  if (!quizzes.length) return [];
  return (filterDoc({ type: 'doc', content: quizzes }).content ?? []).filter((node) => node.type === 'quiz');
};
