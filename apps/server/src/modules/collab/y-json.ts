/**
 * Tiptap JSON ⇄ the Yjs XmlFragment Tiptap's Collaboration extension edits, without a ProseMirror
 * schema: the server has no editor extensions list, and the mapping y-prosemirror uses is plain (an
 * element per node named by its type with its non-null attrs, one XmlText per run of text nodes with
 * each mark as a formatting attribute `{[mark]: attrs}`). The JSON is sanitized on the way to the
 * database (checkedContent), so an unknown node a client slips in never reaches a reader.
 */
import { emptyDoc, type DocNode } from '@studio/contract';
import * as Y from 'yjs';

/** Tiptap Collaboration's default field: the fragment the editor binds to. */
export const FRAGMENT = 'default';

type Marks = NonNullable<DocNode['marks']>;
type Attrs = Record<string, unknown>;

const marksToAttributes = (marks: Marks | undefined): Attrs =>
  Object.fromEntries((marks ?? []).map((m) => [m.type, m.attrs ?? {}]));

function toYChildren(nodes: readonly DocNode[]): (Y.XmlElement | Y.XmlText)[] {
  const out: (Y.XmlElement | Y.XmlText)[] = [];
  let text: Y.XmlText | null = null;
  let textLength = 0;
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!node.text) continue;
      if (!text) {
        text = new Y.XmlText();
        textLength = 0;
        out.push(text);
      }
      // Inserted before the XmlText joins a document: Yjs keeps the calls and applies them on integration.
      text.insert(textLength, node.text, marksToAttributes(node.marks));
      textLength += node.text.length;
      continue;
    }
    text = null;
    const el = new Y.XmlElement(node.type);
    for (const [key, value] of Object.entries(node.attrs ?? {}))
      if (value !== null && value !== undefined) el.setAttribute(key, value as string);
    el.insert(0, toYChildren(node.content ?? []));
    out.push(el);
  }
  return out;
}

/** Replaces the fragment's content with a Tiptap document (call inside a transaction to make one change). */
export function writeDocToFragment(fragment: Y.XmlFragment, doc: DocNode): void {
  if (fragment.length > 0) fragment.delete(0, fragment.length);
  fragment.insert(0, toYChildren(doc.content ?? []));
}

/** A fresh Y.Doc holding a Tiptap document: the one seeding of a lesson, on the server. */
export function docToYDoc(doc: DocNode, ydoc = new Y.Doc()): Y.Doc {
  ydoc.transact(() => writeDocToFragment(ydoc.getXmlFragment(FRAGMENT), doc));
  return ydoc;
}

/** y-prosemirror names a mark that may overlap itself `name--<hash>`. */
const markName = (key: string) => key.replace(/--[A-Za-z0-9+/=]+$/, '');

function fromYText(text: Y.XmlText): DocNode[] {
  const delta = text.toDelta() as { insert: unknown; attributes?: Record<string, Attrs | null> }[];
  return delta
    .filter(
      (op): op is { insert: string; attributes?: Record<string, Attrs | null> } =>
        typeof op.insert === 'string' && op.insert.length > 0,
    )
    .map((op) => {
      const marks = Object.entries(op.attributes ?? {}).map(([key, attrs]) =>
        attrs && Object.keys(attrs).length > 0 ? { type: markName(key), attrs } : { type: markName(key) },
      );
      return marks.length > 0 ? { type: 'text', text: op.insert, marks } : { type: 'text', text: op.insert };
    });
}

function fromYNode(node: Y.XmlElement | Y.XmlText | Y.XmlHook): DocNode[] {
  if (node instanceof Y.XmlText) return fromYText(node);
  if (!(node instanceof Y.XmlElement)) return [];
  const out: DocNode = { type: node.nodeName };
  const attrs = node.getAttributes() as Attrs;
  if (Object.keys(attrs).length > 0) out.attrs = attrs;
  const content = node.toArray().flatMap(fromYNode);
  if (content.length > 0) out.content = content;
  return [out];
}

/** The Tiptap document a fragment holds (an empty fragment is the empty lesson). */
export function fragmentToDoc(fragment: Y.XmlFragment): DocNode {
  const content = fragment.toArray().flatMap(fromYNode);
  return content.length > 0 ? { type: 'doc', content } : emptyDoc();
}
