import type { Node as PmNode } from '@tiptap/pm/model';
import { Fragment, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { newQuizId } from '../../../../components/content-view/new-quiz.ts';

const idOf = (node: PmNode): string | null =>
  node.type.name === 'quiz' && typeof node.attrs.id === 'string' ? node.attrs.id : null;

const quizIds = (doc: PmNode): Set<string> => {
  const ids = new Set<string>();
  doc.descendants((node) => {
    const id = idOf(node);
    if (id) ids.add(id);
    return !node.isAtom;
  });
  return ids;
};

const withFreshIds = (fragment: Fragment, taken: Set<string>): Fragment => {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    if (node.type.name !== 'quiz') {
      nodes.push(node.isLeaf ? node : node.copy(withFreshIds(node.content, taken)));
      return;
    }
    const id = idOf(node);
    const kept = id && !taken.has(id) ? id : newQuizId();
    taken.add(kept);
    nodes.push(kept === id ? node : node.type.create({ ...node.attrs, id: kept }, null, node.marks));
  });
  return Fragment.fromArray(nodes);
};

/**
 * A pasted quiz that is already in the lesson (copy and paste) gets a new id: learners' answers are
 * kept by quiz id, and two quizzes must not share them. Cut and paste keeps the id, as does dragging
 * a quiz to another place (ProseMirror's own drag, which moves the node).
 */
export const freshQuizIds = (): Plugin =>
  new Plugin({
    key: new PluginKey('freshQuizIds'),
    props: {
      transformPasted: (slice, view) =>
        view.dragging
          ? slice
          : new Slice(withFreshIds(slice.content, quizIds(view.state.doc)), slice.openStart, slice.openEnd),
    },
  });
