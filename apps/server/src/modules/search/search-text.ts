/**
 * The store search's text rules, shared by indexing and querying so both cut text the same way:
 * normalising, the words of a keyword, the terms of a course, and the title's highlight ranges.
 * Pure functions; no database.
 */
import { pinyin } from 'pinyin-pro';

/** Keyword limit (the API answers 400 above it). */
export const KEYWORD_MAX = 50;
/** Longest Han substring indexed; a longer query run is cut into dictionary words (see queryWords). */
export const HAN_TERM_MAX = 3;
/**
 * Longest latin prefix, and longest pinyin spelling, indexed; a longer query word is cut to fit. One
 * limit for both: a query word cannot tell English from pinyin (xiangmuguanli, 13 letters, is 项目管理).
 */
export const WORD_TERM_MAX = 24;
/**
 * Pinyin is indexed with every reading and as initials for runs of up to this many syllables
 * (shujufenxi is four); a longer run only as its whole spelling in context, up to WORD_TERM_MAX
 * letters (xiangmuguanlishizhan, 项目管理实战), so a title typed out whole in pinyin is found.
 */
const PINYIN_SYLLABLES_MAX = 4;
/** A polyphonic character adds its other readings, a few variants per term at most. */
const PINYIN_VARIANTS_MAX = 4;
const QUERY_WORDS_MAX = 8;

/**
 * Relevance buckets, best first: the title (and its pinyin) above subtitle, tags and category, above
 * summary, lesson titles and team name. Within a field: a whole word or a prefix (the match starts a
 * run of Han characters or a latin word), then a dictionary word inside a run (数据 in 大数据时代),
 * then any other substring.
 */
export const Bucket = {
  titleWord: 0,
  titleInnerWord: 1,
  titleSubstring: 2,
  tagWord: 3,
  tagInnerWord: 4,
  tagSubstring: 5,
  /** Summary, lesson titles, team name: not in the term index, found through their gram index. */
  body: 6,
} as const;

const HAN = /\p{Script=Han}/u;
// A token is a run of Han characters or a run of other letters and digits; everything else (spaces,
// punctuation, symbols, emoji, the replacement of a lone surrogate) separates tokens.
const TOKEN = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;

/** NFKC (full-width Ｐ → p), lower case, lone surrogates replaced, so index and query agree. */
export const normalize = (s: string): string =>
  (s as string & { toWellFormed(): string }).toWellFormed().normalize('NFKC').toLowerCase();

export const tokens = (s: string): string[] => normalize(s).match(TOKEN) ?? [];
const isHan = (token: string) => HAN.test(token);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/** Start offsets (in code points) of the dictionary words of a Han run. */
function segments(run: string): { starts: Set<number> } {
  const starts = new Set<number>();
  let at = 0;
  for (const { segment } of segmenter.segment(run)) {
    starts.add(at);
    at += [...segment].length;
  }
  return { starts };
}

/**
 * The words a keyword asks for; every one must match. Words split on spaces, and a word mixing scripts
 * (`python入门`) into its runs. A Han run longer than the index holds is cut into dictionary words
 * (`数据分析入门` → 数据 分析 入门; a longer word into its overlapping runs of three), a latin word to
 * its indexed prefix. Punctuation alone gives none: the
 * caller then answers an empty page rather than everything.
 */
export function queryWords(keyword: string): string[] {
  const words: string[] = [];
  for (const token of tokens(keyword.slice(0, KEYWORD_MAX * 2))) {
    if (!isHan(token)) {
      words.push([...token].slice(0, WORD_TERM_MAX).join(''));
      continue;
    }
    const chars = [...token];
    if (chars.length <= HAN_TERM_MAX) {
      words.push(token);
      continue;
    }
    // Characters the dictionary leaves alone (少/儿/编/程) are paired again: one character matches
    // nearly everything, and a pair is what a reader sees as a word.
    let single = '';
    for (const { segment } of segmenter.segment(token)) {
      const seg = [...segment];
      if (seg.length === 1) {
        single += segment;
        if ([...single].length === 2) {
          words.push(single);
          single = '';
        }
        continue;
      }
      if (single) {
        words.push(single);
        single = '';
      }
      // A dictionary word longer than the index holds (室内设计): its overlapping runs (室内设, 内设计),
      // each as specific as the index allows, rather than a lone tail character (计) matching most.
      if (seg.length <= HAN_TERM_MAX) words.push(segment);
      else
        for (let i = 0; i + HAN_TERM_MAX <= seg.length; i++)
          words.push(seg.slice(i, i + HAN_TERM_MAX).join(''));
    }
    if (single) words.push(single);
  }
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

/** The word the term index is walked by: the most specific one (a Han character counts double). */
export function driverWord(words: string[]): string {
  const weight = (w: string) => [...w].length * (isHan(w) ? 2 : 1);
  return words.reduce((best, w) => (weight(w) > weight(best) ? w : best));
}

/** The grams of a document's body and team name, for its GIN-indexed `grams` column. */
export const docGrams = (...texts: string[]): string[] => [
  ...new Set(
    texts.flatMap((t) =>
      t
        .split(' ')
        .filter(Boolean)
        .flatMap((w) => [...w, ...pairs(w)]),
    ),
  ),
];
const pairs = (w: string) => {
  const chars = [...w];
  return chars.slice(1).map((c, i) => chars[i]! + c);
};

/** Grams of a query word (a single character, or its pairs): the same as SQL's studio_search_grams. */
export function grams(word: string): string[] {
  const chars = [...word];
  if (chars.length === 1) return chars;
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}

/** A character's toneless readings, the reading in context first (重庆 → chong). */
function readingsOf(run: string): string[][] {
  const chars = [...run];
  const context = pinyin(run, { toneType: 'none', type: 'array' });
  return chars.map((ch, i) => {
    const all = pinyin(ch, { toneType: 'none', type: 'array', multiple: true });
    const first = context[i] ?? all[0] ?? ch;
    return [...new Set([first, ...all])].filter((r) => /^[a-z]+$/.test(r)).slice(0, 3);
  });
}

/**
 * One character's readings, out of context (the highlight tries each). Kept per character: the
 * characters are a bounded set, and pinyin-pro takes about 2 µs a call, twice per character of every
 * title on a page.
 */
function charReadings(ch: string): string[] {
  let got = readingsByChar.get(ch);
  if (!got) readingsByChar.set(ch, (got = readingsOf(ch)[0]!));
  return got;
}
const readingsByChar = new Map<string, string[]>();

/** Spellings of a run of characters: the reading in context, then one other reading at a time. */
function spellings(readings: string[][], pick: (r: string) => string): string[] {
  const base = readings.map((r) => pick(r[0]!));
  const out = new Set([base.join('')]);
  for (let i = 0; i < readings.length && out.size < PINYIN_VARIANTS_MAX; i++)
    for (const other of readings[i]!.slice(1)) {
      if (out.size >= PINYIN_VARIANTS_MAX) break;
      out.add([...base.slice(0, i), pick(other), ...base.slice(i + 1)].join(''));
    }
  return [...out];
}

type Terms = Map<string, number>;
const add = (terms: Terms, term: string, bucket: number) => {
  const had = terms.get(term);
  if (had === undefined || bucket < had) terms.set(term, bucket);
};

function addField(terms: Terms, text: string, base: number, withPinyin: boolean) {
  for (const token of tokens(text)) {
    const chars = [...token];
    if (!isHan(token)) {
      for (let n = 1; n <= Math.min(chars.length, WORD_TERM_MAX); n++)
        add(terms, chars.slice(0, n).join(''), base);
      continue;
    }
    const { starts } = segments(token);
    const quality = (i: number) => (i === 0 ? 0 : starts.has(i) ? 1 : 2);
    for (let i = 0; i < chars.length; i++)
      for (let n = 1; n <= HAN_TERM_MAX && i + n <= chars.length; n++)
        add(terms, chars.slice(i, i + n).join(''), base + quality(i));
    if (!withPinyin) continue;
    // Pinyin from each dictionary word's start, full (rumen) and initials (rm), a word or more long.
    const readings = readingsOf(token);
    for (const i of starts)
      for (let n = 1; i + n <= chars.length; n++) {
        const part = readings.slice(i, i + n);
        if (part.some((r) => r.length === 0)) break;
        const bucket = base + quality(i);
        if (n > PINYIN_SYLLABLES_MAX) {
          const whole = part.map((r) => r[0]!).join('');
          if (whole.length > WORD_TERM_MAX) break;
          add(terms, whole, bucket);
          continue;
        }
        for (const s of spellings(part, (r) => r)) if (s.length <= WORD_TERM_MAX) add(terms, s, bucket);
        for (const s of spellings(part, (r) => r[0]!)) add(terms, s, bucket);
      }
  }
}

export type SearchSource = {
  title: string;
  subtitle: string;
  tags: string[];
  categoryName: string;
};

/**
 * The terms of a course's title-and-tag fields with their best bucket, pinyin included (subtitle, tags
 * and category in their lower buckets); the body goes to the gram index.
 */
export function courseTerms(src: SearchSource): Map<string, number> {
  const terms: Terms = new Map();
  addField(terms, src.title, Bucket.titleWord, true);
  addField(terms, [src.subtitle, ...src.tags, src.categoryName].join(' '), Bucket.tagWord, true);
  return terms;
}

/**
 * Tokens, and after them each Han run's pinyin in context, full and initials, as two more words
 * (特征工程 → 特征工程 tezhenggongcheng tzgc): the body is matched by substring (strpos, its grams
 * first), so any word of the run, and any run of its syllables or initials, is found as its Chinese is.
 * A character without a reading cuts the run.
 */
function withPinyin(text: string): string {
  const words = tokens(text);
  const spelled: string[] = [];
  for (const token of words) {
    if (!isHan(token)) continue;
    const readings = pinyin(token, { toneType: 'none', type: 'array' });
    let full = '';
    let initials = '';
    const flush = () => {
      if (full) spelled.push(full, initials);
      full = initials = '';
    };
    for (const r of readings) {
      if (/^[a-z]+$/.test(r)) {
        full += r;
        initials += r[0];
      } else flush();
    }
    flush();
  }
  return [...words, ...spelled].join(' ');
}

/** The body text the gram index holds: the summary's and lesson titles' tokens and their pinyin. */
export const bodyText = (parts: string[]): string => withPinyin(parts.join(' '));
/** The team name as the gram index holds it: its tokens and their pinyin. */
export const teamKey = (teamName: string): string => withPinyin(teamName);

type Range = [number, number];

/**
 * Where the words occur in the title, as [start, end) in UTF-16 code units of the title as stored:
 * by text (ignoring case and width), and for a latin word by the pinyin (full or initials) of Han
 * characters. Overlapping ranges are merged.
 */
export function titleHighlights(title: string, words: string[]): Range[] {
  // A page with no keyword: nothing to mark (its titles were normalised for nothing).
  if (words.length === 0) return [];
  // Each code point normalised on its own, so every normalised character maps back to its source.
  const units: { text: string; start: number; end: number }[] = [];
  let offset = 0;
  for (const ch of title) {
    units.push({ text: normalize(ch), start: offset, end: offset + ch.length });
    offset += ch.length;
  }
  const flat = units.map((u) => u.text).join('');
  const owner: number[] = [];
  units.forEach((u, i) => {
    for (let k = 0; k < u.text.length; k++) owner.push(i);
  });
  const ranges: Range[] = [];
  for (const word of words) {
    for (let at = flat.indexOf(word); at >= 0 && word; at = flat.indexOf(word, at + 1))
      ranges.push([units[owner[at]!]!.start, units[owner[at + word.length - 1]!]!.end]);
  }
  const latin = words.filter((w) => /^[a-z]+$/.test(w));
  if (latin.length && HAN.test(title)) {
    const readings = units.map((u) => (HAN.test(u.text) ? charReadings(u.text) : []));
    for (const word of latin)
      for (let i = 0; i < units.length; i++) {
        const end = pinyinMatch(readings, i, word);
        if (end > i) ranges.push([units[i]!.start, units[end - 1]!.end]);
      }
  }
  return merge(ranges);
}

/** How far (exclusive index) a latin word spells the characters from `i` on, or `i` if it does not. */
function pinyinMatch(readings: string[][], i: number, word: string): number {
  if (!word) return i;
  const rs = readings[i];
  if (!rs || rs.length === 0) return i;
  for (const r of rs) {
    if (word.startsWith(r)) {
      const next = pinyinMatch(readings, i + 1, word.slice(r.length));
      if (next > i + 1 || word.length === r.length) return Math.max(next, i + 1);
    }
    if (r.startsWith(word)) return i + 1; // a syllable being typed
    if (word[0] === r[0]) {
      const next = pinyinMatch(readings, i + 1, word.slice(1));
      if (next > i + 1 || word.length === 1) return Math.max(next, i + 1);
    }
  }
  return i;
}

function merge(ranges: Range[]): Range[] {
  const sorted = ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
