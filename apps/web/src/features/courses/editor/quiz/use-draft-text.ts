import { useRef, useState, type ChangeEvent, type CompositionEvent } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * A text field of the quiz card. Its value lives in the node's attributes, but a node view re-renders
 * a microtask after the transaction, too late for React's controlled input (the caret jumped to the
 * end, and a Chinese input method lost its composition). So the field keeps what is typed itself,
 * writes it to the document as it changes (after the composition, not each pinyin letter), and takes
 * the document's value when that changes from elsewhere (undo).
 */
export const useDraftText = (value: string, write: (text: string) => void) => {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const composing = useRef(false);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  // What is written is what the document will hold: its echo then changes nothing here.
  const commit = (next: string) => {
    setSynced(next);
    write(next);
  };
  return {
    value: text,
    onChange: (e: ChangeEvent<Field>) => {
      setText(e.target.value);
      if (!composing.current) commit(e.target.value);
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (e: CompositionEvent<Field>) => {
      composing.current = false;
      commit(e.currentTarget.value);
    },
  };
};
