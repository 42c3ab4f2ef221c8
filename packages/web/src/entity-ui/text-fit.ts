/*
 * English that fits (issue 12 item 10). A column header may wrap between words, never inside one
 * ("Appoint / ment date"). A column is at least as wide as its header's longest word (bold 14 px),
 * plus the cell padding and, when sortable, the sorter. Chinese headers may wrap between any two
 * characters, so they set no floor.
 */

/** Width of a Latin word at 14 px in em, per character: capitals and m/w wider, i/l/t narrower. */
function wordEm(word: string): number {
  let em = 0;
  for (const ch of word)
    em += /[mwMW]/.test(ch) ? 0.86 : /[A-Z]/.test(ch) ? 0.7 : /[ijlt.,'!|:;]/.test(ch) ? 0.34 : /[fr()-/]/.test(ch) ? 0.42 : 0.58;
  return em;
}

/** About how wide a text is drawn at `fontSize` (CJK a full em, a space a quarter). */
export function textPx(text: string, fontSize = 14): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : ch === ' ' ? 0.26 : wordEm(ch);
  return Math.ceil(em * fontSize);
}

const CELL_PADDING = 16;
const SORTER = 22;

/** The narrowest column that shows `title` without breaking a word (0: no floor). */
export function headerMinWidth(title: string, sortable: boolean, fontSize = 14): number {
  const words = title.split(/[\s\u3000]+/).filter((w) => w && !/[\u2e80-\u9fff\uff00-\uffef]/.test(w));
  if (!words.length) return 0;
  // Headers are bold (600): about 5 % wider than the regular face.
  const longest = Math.max(...words.map(wordEm)) * fontSize * 1.05;
  return Math.ceil(longest + CELL_PADDING + (sortable ? SORTER : 0) + 2);
}

/**
 * A list's search box: as wide as its hint (up to 300 px, at least `min`); a longer hint is cut by
 * the browser without an ellipsis, so the box carries it as its title too.
 */
export function searchBoxProps(hint: string, min: number) {
  return { placeholder: hint, title: hint, style: { width: Math.min(300, Math.max(min, textPx(hint) + 40)) } };
}
