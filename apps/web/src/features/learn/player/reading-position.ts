const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** How far the page is scrolled through the lesson: 0 at its top, 1 once its bottom reaches the view's. */
export const readingPosition = (lesson: HTMLElement): number => {
  const rect = lesson.getBoundingClientRect();
  const scrollable = rect.height - window.innerHeight;
  if (scrollable <= 0) return rect.top < 0 ? 1 : 0;
  return clamp01(-rect.top / scrollable);
};

/** The app's sticky header covers the top of the window: a restored place lands below it. */
const HEADER_ROOM = 80;

/** Scrolls the page to a reading position of the lesson (the inverse of `readingPosition`); 0 stays put. */
export const scrollToPosition = (lesson: HTMLElement, position: number): void => {
  if (position <= 0) return;
  const rect = lesson.getBoundingClientRect();
  const scrollable = Math.max(0, rect.height - window.innerHeight);
  const top = window.scrollY + rect.top + clamp01(position) * scrollable - HEADER_ROOM;
  window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
};
