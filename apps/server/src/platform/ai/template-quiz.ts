/**
 * The template generator's quizzes (no model): built from the text itself, so they are right by
 * construction. Key terms come from the language's word segmentation (Intl.Segmenter): a cloze choice
 * question, a true/false statement (made false by swapping a term, when there is another one) and a blank.
 */
import { QUIZ_LIMITS } from '@studio/contract';
import type { AssistQuiz } from './assist-quiz.ts';

type Language = 'zh-CN' | 'en-US';

const STOP_ZH = new Set(
  [
    '我们 你们 他们 它们 这个 那个 这些 那些 因为 所以 但是 如果 可以 就是 还是 已经 一个 没有 什么 以及',
    '并且 或者 而且 自己 进行 通过 需要 非常 怎么 这样 那么 然后 其中 不是 也是 一些 一种 可能 时候 之后',
    '之前 这里 那里 常见 常用 主要 重要 不同 相同 各种 许多 很多 以后 以前 使用 利用 要求 包括 具有 能够',
    '应该 必须 开始 出现 成为 作为 比较 一样 一起 同时 目前 现在 特别 一般 通常 经常 简单 容易 了解 知道',
  ]
    .join(' ')
    .split(' '),
);
/** One-character words that end a Chinese noun the segmenter split off (计算|机, 决策|树, 测试|集). */
const NOUN_ENDS_ZH = new Set('机器树集性化率法论者员家量型度式体物品值表图层网库'.split(''));
const STOP_EN = new Set(
  'about above after again also because been before being below between both could does doing during each from further have having here into just more most other over same should some such than that their them then there these they this those through under until very what when where which while will with would your'.split(
    ' ',
  ),
);

const BLANK = '____';
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[。！？.!?])\s*|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 4);

/** The text's words, with a noun ending the segmenter split off joined back on. */
const wordsOf = (text: string, language: Language): { word: string; index: number }[] => {
  const zh = language === 'zh-CN';
  const words: { word: string; index: number }[] = [];
  let last: { word: string; index: number; end: number } | null = null;
  for (const { segment, isWordLike, index } of new Intl.Segmenter(zh ? 'zh' : 'en', {
    granularity: 'word',
  }).segment(text)) {
    if (!isWordLike) {
      last = null;
      continue;
    }
    if (zh && last && last.end === index && last.word.length >= 2 && NOUN_ENDS_ZH.has(segment)) {
      words[words.length - 1] = { word: last.word + segment, index: last.index };
      last = null;
      continue;
    }
    const word = zh ? segment : segment.toLowerCase();
    words.push({ word, index });
    last = { word, index, end: index + segment.length };
  }
  return words;
};

/** The text's words that make good answers: frequent and long ones first, then the first seen. */
const termsOf = (text: string, language: Language): string[] => {
  const zh = language === 'zh-CN';
  const counts = new Map<string, { n: number; first: number }>();
  for (const { word, index } of wordsOf(text, language)) {
    const good = word.length >= (zh ? 2 : 4) && !/^\d+$/.test(word) && !(zh ? STOP_ZH : STOP_EN).has(word);
    if (!good) continue;
    const seen = counts.get(word);
    counts.set(word, { n: (seen?.n ?? 0) + 1, first: seen?.first ?? index });
  }
  const score = (word: string) => counts.get(word)!.n * word.length;
  return [...counts.keys()].sort(
    (a, b) => score(b) - score(a) || counts.get(a)!.first - counts.get(b)!.first,
  );
};

const wordPattern = (term: string, flags: string) =>
  new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, flags);
const contains = (sentence: string, term: string, language: Language) =>
  language === 'zh-CN' ? sentence.includes(term) : wordPattern(term, 'i').test(sentence);
/** English keeps a capital where the replaced word had one (at the start of a sentence). */
const replaceTerm = (sentence: string, term: string, by: string, language: Language) =>
  language === 'zh-CN'
    ? sentence.replaceAll(term, by)
    : sentence.replace(wordPattern(term, 'gi'), (found) =>
        /^[A-Z]/.test(found) ? by.charAt(0).toUpperCase() + by.slice(1) : by,
      );

const WORDS = {
  'zh-CN': {
    cloze: (s: string) => `选出填入空白处最合适的词语：「${s}」`,
    judge: (s: string) => `判断正误：${s}`,
    blank: (s: string) => `填空：${s}`,
    source: (s: string) => `原文：「${s}」`,
    swapped: (s: string, wrong: string) => `原文是「${s}」，这里换成了「${wrong}」。`,
    same: '这句话与原文一致。',
  },
  'en-US': {
    cloze: (s: string) => `Choose the word that fits the gap: "${s}"`,
    judge: (s: string) => `True or false: ${s}`,
    blank: (s: string) => `Fill in the blank: ${s}`,
    source: (s: string) => `The text says: "${s}"`,
    swapped: (s: string, wrong: string) => `The text says "${s}"; "${wrong}" was put in its place.`,
    same: 'This is what the text says.',
  },
} as const;

/** Up to three quizzes on the text: a choice, a true/false and a blank, as far as the text allows. */
export function templateQuizzes(input: string, language: Language): AssistQuiz[] {
  const w = WORDS[language];
  const sentences = sentencesOf(input).map((s) => clip(s, 150));
  if (!sentences.length) sentences.push(clip(input.trim(), 150));
  const terms = termsOf(input, language).slice(0, 30);
  const withTerms = sentences.flatMap((sentence) => {
    const found = terms.filter((t) => contains(sentence, t, language));
    return found.length ? [{ sentence, found }] : [];
  });
  // A different sentence for each quiz while there are enough; then another term of the same one.
  const pick = (i: number) => {
    const at = withTerms[i % Math.max(withTerms.length, 1)];
    if (!at) return undefined;
    return { sentence: at.sentence, term: at.found[Math.floor(i / withTerms.length) % at.found.length]! };
  };
  // Wrong answers: words of the text not in the sentence, about as long as the right one.
  const others = (sentence: string, term: string, n: number) =>
    terms
      .filter((t) => !contains(sentence, t, language))
      .slice(0, 12)
      .sort((a, b) => Math.abs(a.length - term.length) - Math.abs(b.length - term.length))
      .slice(0, n);
  const quizzes: AssistQuiz[] = [];

  const cloze = pick(0);
  const distractors = cloze ? others(cloze.sentence, cloze.term, 3) : [];
  if (cloze && distractors.length) {
    // Where the right option goes depends on the sentence: not always first, and the same every time.
    const right = cloze.sentence.length % (distractors.length + 1);
    const options = [...distractors];
    options.splice(right, 0, cloze.term);
    quizzes.push({
      kind: 'single',
      question: w.cloze(replaceTerm(cloze.sentence, cloze.term, BLANK, language)),
      options: options.map((o) => clip(o, QUIZ_LIMITS.optionMax)),
      correct: [right],
      accepted: [],
      explanation: w.source(cloze.sentence),
    });
  }

  const judged = pick(1) ?? { sentence: sentences[0]!, term: '' };
  const wrong = judged.term ? others(judged.sentence, judged.term, 1)[0] : undefined;
  quizzes.push({
    kind: 'truefalse',
    question: w.judge(wrong ? replaceTerm(judged.sentence, judged.term, wrong, language) : judged.sentence),
    options: [],
    correct: [wrong ? 1 : 0],
    accepted: [],
    explanation: wrong ? w.swapped(judged.sentence, wrong) : w.same,
  });

  const blank = pick(2);
  if (blank) {
    quizzes.push({
      kind: 'blank',
      question: w.blank(replaceTerm(blank.sentence, blank.term, BLANK, language)),
      options: [],
      correct: [],
      accepted: [blank.term],
      explanation: w.source(blank.sentence),
    });
  }
  return quizzes;
}
