// Japanese and Chinese line breaking as a reader sees it, read from a rendered page: shared by
// the app's screens (test/e2e/renderer/text-fits.spec.ts) and the companion's panel
// (test/extension/no-app.spec.ts). (A script run in the page: the tests' TypeScript has no DOM.)

/**
 * Lines of Japanese or Chinese that start with a character the typesetting rules (kinsoku) keep
 * from a line's start: a small kana, the prolonged-sound mark, closing punctuation. Read from the
 * rendered lines: a character whose box sits lower than the one before it in its text starts a line.
 */
export const BAD_LINE_STARTS = `(() => {
  const FORBIDDEN = /[ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿー、。，．・：；？！」』）】〕〉》]/u;
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const topOf = (node, index) => {
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    const rect = range.getClientRects()[0];
    return rect === undefined ? undefined : rect.top;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data;
    if (!/[\u3040-\u30ff\u4e00-\u9fff]/u.test(text) || !FORBIDDEN.test(text.slice(1))) continue;
    let previous = topOf(node, 0);
    for (let i = 1; i < text.length; i += 1) {
      const top = topOf(node, i);
      if (top === undefined) continue;
      if (previous !== undefined && top > previous + 4 && FORBIDDEN.test(text[i])) {
        found.push(text.slice(Math.max(0, i - 8), i) + '|' + text.slice(i, i + 8));
      }
      previous = top;
    }
  }
  return found;
})()`;
