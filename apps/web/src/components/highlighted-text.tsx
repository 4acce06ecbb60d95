/**
 * Text with the server's match ranges ([start, end) in UTF-16 code units) wrapped in <mark>. React
 * escapes every piece: no HTML is ever built from the strings. Ranges out of order, overlapping or
 * past the end are clipped, so a stale answer can never break the text.
 */
export const HighlightedText = ({ text, ranges }: { text: string; ranges?: [number, number][] }) => {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
};
