/** `text` with the section headed `## title` replaced by `part` (appended when it is not there yet). */
export const spliceSection = (text: string, title: string, part: string): string => {
  const heading = `## ${title}\n`;
  const start = text.indexOf(heading);
  if (start < 0) return `${text.trimEnd()}\n\n${part.trimEnd()}\n`;
  const next = text.indexOf('\n## ', start + heading.length);
  return `${text.slice(0, start)}${part.trimEnd()}\n${next < 0 ? '' : `\n${text.slice(next + 1)}`}`;
};

/** The section headed `## title` of `text` as it stands (heading included), or null. */
export const sectionOf = (text: string, title: string): string | null => {
  const heading = `## ${title}\n`;
  const start = text.indexOf(heading);
  if (start < 0) return null;
  const next = text.indexOf('\n## ', start + heading.length);
  return text.slice(start, next < 0 ? undefined : next + 1).trimEnd();
};

/**
 * `history` with `section` (a section's replaced text) placed first below its introduction, under a
 * heading that says it is the run before `when`.
 */
export const pushHistory = (history: string, section: string, when: string): string => {
  const [heading, ...rest] = section.split('\n');
  const entry = `${heading!}, the run before ${when}\n${rest.join('\n')}`.trimEnd();
  const first = history.indexOf('\n## ');
  return first < 0
    ? `${history.trimEnd()}\n\n${entry}\n`
    : `${history.slice(0, first + 1)}${entry}\n\n${history.slice(first + 1)}`;
};
