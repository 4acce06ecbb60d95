/**
 * Captions in the player: the author's WebVTT files as native `<track>` elements (the server turns
 * SRT into WebVTT and strips any markup from cue text), shown by the player itself rather than the
 * browser: the chosen track is `hidden` and its active cues are drawn inside the box, so they stay
 * under the watermark in full screen and look the same in every browser (hls.js's light build has no
 * subtitles of its own).
 */
import { useEffect, useState, type RefObject } from 'react';
import type { CaptionChoice } from './player-menus.tsx';

/** A cue's text without markup (`getCueAsHTML` decodes entities; plain `text` where it is missing). */
export const cueText = (cue: TextTrackCue): string => {
  const vtt = cue as VTTCue;
  const html = typeof vtt.getCueAsHTML === 'function' ? vtt.getCueAsHTML().textContent : null;
  return html ?? vtt.text ?? '';
};

/** The `<track>` of a caption in the element (by its address). */
const trackOf = (el: HTMLMediaElement, caption: CaptionChoice): TextTrack | null => {
  const found = [...el.querySelectorAll('track')].find((t) => t.getAttribute('src') === caption.url);
  return found?.track ?? null;
};

export function useCaptions(
  media: RefObject<HTMLMediaElement | null>,
  captions: readonly CaptionChoice[],
): { chosen: number | null; choose: (captionId: number | null) => void; text: string } {
  const [chosen, choose] = useState<number | null>(null);
  // The text belongs to the track it came from: another choice shows nothing until its cues do.
  const [shown, setShown] = useState<{ captionId: number | null; text: string }>({
    captionId: null,
    text: '',
  });

  useEffect(() => {
    const el = media.current;
    if (!el) return;
    let active: TextTrack | null = null;
    for (const caption of captions) {
      const track = trackOf(el, caption);
      if (!track) continue;
      // hidden: loaded and its cues active, drawn by CaptionLine; disabled: not loaded at all.
      track.mode = caption.captionId === chosen ? 'hidden' : 'disabled';
      if (caption.captionId === chosen) active = track;
    }
    if (!active) return;
    const track = active;
    const onCue = () =>
      setShown({ captionId: chosen, text: [...(track.activeCues ?? [])].map(cueText).join('\n') });
    track.addEventListener('cuechange', onCue);
    return () => track.removeEventListener('cuechange', onCue);
  }, [media, captions, chosen]);

  const text = chosen !== null && shown.captionId === chosen ? shown.text : '';
  return { chosen: captions.some((c) => c.captionId === chosen) ? chosen : null, choose, text };
}

/** The current cue over the bottom of the picture; announced politely to a screen reader. */
export const CaptionLine = ({ text }: { text: string }) => (
  <div className="media-player-caption" aria-live="polite">
    {text && <span className="media-player-caption-text">{text}</span>}
  </div>
);
