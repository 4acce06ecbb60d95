/**
 * The moving watermark over paid video (issue 34, part 3): the viewer's masked phone and team, as the
 * Chinese platforms show it against screen recording. Only for someone logged in: a visitor playing a
 * free-preview lesson has no one to name, and sees none.
 */

/** Who is watching, from the app's session (the stored UserInfo and its current team). */
export type MediaViewer = { phone: string; teamName: string | null };

/** 13812345678 → 138****5678; a number the server already masked, or any other form, keeps its shape. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\s+/g, '');
  if (/^\+?\d{7,15}$/.test(digits)) return `${digits.slice(0, -8)}****${digits.slice(-4)}`;
  return digits;
};

/** The watermark's text, or null when none is shown: visitors (no viewer), audio, and free lessons. */
export const watermarkText = ({
  viewer,
  kind,
  paid,
}: {
  viewer: MediaViewer | null | undefined;
  kind: 'video' | 'audio';
  /** false: a free-preview lesson; undefined: not known (the learner's and the author's views). */
  paid?: boolean;
}): string | null => {
  if (!viewer || kind !== 'video' || paid === false) return null;
  const phone = maskPhone(viewer.phone);
  const text = [phone, viewer.teamName].filter(Boolean).join(' · ');
  return text || null;
};

/** Where the watermark moves next (percent of the box), away from where it is, inside the box. */
export const nextSpot = (
  previous: { left: number; top: number } | null,
  random: () => number = Math.random,
): { left: number; top: number } => {
  for (let i = 0; i < 8; i++) {
    const spot = { left: Math.round(5 + random() * 55), top: Math.round(5 + random() * 75) };
    if (!previous || Math.abs(spot.left - previous.left) + Math.abs(spot.top - previous.top) >= 20)
      return spot;
  }
  // Unlucky draws: the opposite corner region, so it always moves.
  return { left: previous!.left > 30 ? 8 : 55, top: previous!.top > 40 ? 8 : 70 };
};

/** How often it moves: often enough to spoil a crop, slow enough not to distract. */
export const WATERMARK_MOVE_MS = 4_000;
