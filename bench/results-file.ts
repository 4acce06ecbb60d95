/** `text` with the section headed `## title` replaced by `part` (appended when it is not there yet). */
export const spliceSection = (text: string, title: string, part: string): string => {
  const heading = `## ${title}\n`;
  const start = text.indexOf(heading);
  if (start < 0) return `${text.trimEnd()}\n\n${part.trimEnd()}\n`;
  const next = text.indexOf('\n## ', start + heading.length);
  return `${text.slice(0, start)}${part.trimEnd()}\n${next < 0 ? '' : `\n${text.slice(next + 1)}`}`;
};
