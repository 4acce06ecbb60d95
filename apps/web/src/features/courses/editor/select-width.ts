/**
 * A width at which a small select shows its longest label whole, in the current language: Han and
 * other wide characters count 1 em, the rest 0.6 em (a generous average for Latin text in the UI
 * font), plus the select's padding and arrow. "Body text" was cut to "Body t…" at a fixed 92 px.
 */
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

export const labelEm = (label: string): number =>
  [...label].reduce((sum, ch) => sum + (WIDE.test(ch) ? 1 : 0.6), 0);

export const selectWidthFor = (labels: readonly string[]): string =>
  `calc(${Math.max(0, ...labels.map(labelEm)).toFixed(1)}em + 40px)`;
