import { useEffect, useRef } from 'react';

/** Keys typed into a field (or moving a radio group's choice) belong to that field. */
const isTypingTarget = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.closest('[role="radiogroup"], [role="listbox"], [role="slider"], [role="dialog"]') !== null);

/** ← / K: the previous lesson; → / J: the next one. Not while typing or with a modifier key held. */
export function useLessonKeys(onPrev: (() => void) | null, onNext: (() => void) | null): void {
  const handlers = useRef({ onPrev, onNext });
  useEffect(() => {
    handlers.current = { onPrev, onNext };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const go =
        key === 'ArrowLeft' || key === 'k'
          ? handlers.current.onPrev
          : key === 'ArrowRight' || key === 'j'
            ? handlers.current.onNext
            : null;
      if (!go) return;
      event.preventDefault();
      go();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
