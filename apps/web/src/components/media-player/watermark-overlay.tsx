import { useEffect, useState } from 'react';
import { nextSpot, WATERMARK_MOVE_MS } from './watermark.ts';

/**
 * The watermark drawn over the video box: it moves every few seconds whether the video plays or not
 * (a pause must not hold it still for a clean frame), and never takes a click (pointer-events none).
 */
export const WatermarkOverlay = ({ text, label }: { text: string; label: string }) => {
  const [spot, setSpot] = useState(() => nextSpot(null));
  useEffect(() => {
    const timer = setInterval(() => setSpot((previous) => nextSpot(previous)), WATERMARK_MOVE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      className="media-watermark"
      data-watermark=""
      aria-label={label}
      role="img"
      // Inline as well as in the CSS: the mark never takes a click, whatever stylesheet is loaded.
      style={{ left: `${spot.left}%`, top: `${spot.top}%`, pointerEvents: 'none' }}
    >
      {text}
    </div>
  );
};
