/**
 * The media blocks of rendered content (`data-media` placeholders, media-html.ts) become players: each
 * placeholder is found after the HTML is in the page and the app's player is rendered into it through a
 * portal. The player's code loads only for content that has a media block.
 */
import { lazy, Suspense, useLayoutEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const AppMediaPlayer = lazy(() =>
  import('../media-player/app-media-player.tsx').then((m) => ({ default: m.AppMediaPlayer })),
);

type Slot = { el: HTMLElement; mediaId: number; kind: 'video' | 'audio'; title: string };

/** The placeholders in `root`, emptied (the title moves into the player) and marked as mounted. */
export const takeMediaSlots = (root: ParentNode): Slot[] =>
  [...root.querySelectorAll<HTMLElement>('[data-media]')].flatMap((el) => {
    const mediaId = Number(el.dataset.mediaId);
    if (!Number.isInteger(mediaId) || mediaId <= 0) return [];
    const title = el.textContent?.trim() ?? '';
    el.textContent = '';
    el.dataset.mounted = '';
    return [{ el, mediaId, kind: el.dataset.kind === 'audio' ? 'audio' : 'video', title }];
  });

/** Players in the placeholders of `html` once it is in `root` (found again whenever the HTML changes). */
export const MediaSlots = ({ root, html }: { root: RefObject<HTMLElement | null>; html: string }) => {
  const [slots, setSlots] = useState<Slot[]>([]);
  useLayoutEffect(() => {
    // Before paint: the placeholders are swapped for players in the same frame as the HTML appears.
    // State set in this effect on purpose: the placeholders exist only once the HTML is in the DOM.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSlots(root.current && html.includes('data-media') ? takeMediaSlots(root.current) : []);
  }, [root, html]);
  return slots.map((slot) =>
    createPortal(
      <Suspense fallback={null}>
        <AppMediaPlayer mediaId={slot.mediaId} kind={slot.kind} title={slot.title} />
      </Suspense>,
      slot.el,
      `${slot.mediaId}-${slots.indexOf(slot)}`,
    ),
  );
};
