/**
 * The font every PDF of a process shares, keeping what fontkit would otherwise work out again
 * for each document. pdfkit takes any object with a `layout` method as a font
 * (`PDFFontFactory.open`), and each document wraps it in an `EmbeddedFont` whose caches die
 * with the document. In a profile of 2,000 contract notes, a third of a note's CPU was fontkit
 * doing again what the previous note had done: shaping the same words ("Brokerage:", "GST:",
 * the firm's name) and decoding the same glyphs' outlines to copy them into the font subset.
 *
 * Kept across documents, both keyed by what alone decides them:
 * - the layout of a word (pdfkit lays text out a word at a time): by its text, when no
 *   OpenType features are asked for. pdfkit scales the positions it is handed in place, so
 *   each caller gets its own copy of them.
 * - a glyph's decoded `glyf` entry, which the subset reads only for its component glyphs: by
 *   the glyph, for fonts without variations (whose outlines do not depend on the instance).
 */
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type Run = { glyphs: unknown[]; positions: Position[] };
type Glyph = { _decode: () => unknown };
export type Fontkit = {
  layout: (text: string, features?: unknown) => Run;
  getGlyph: (id: number, codePoints?: number[]) => Glyph | null;
  _variationProcessor?: unknown;
};

/** Words kept at most: a day's notes repeat a few hundred; amounts and names churn through. */
const MAX_WORDS = 20_000;

/** A run of its own for pdfkit to scale, its width summed as fontkit's `GlyphRun` does. */
function copyOf(run: Run): Run & { advanceWidth: number } {
  return {
    glyphs: run.glyphs,
    positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    })),
    get advanceWidth() {
      return this.positions.reduce((sum, p) => sum + p.xAdvance, 0);
    },
  };
}

export function sharedPdfFont<F extends Fontkit>(font: F): F {
  const words = new Map<string, Run>();
  const decodedOnce = new WeakSet<Glyph>();
  const layout = (text: string, features?: unknown) => {
    if (features !== undefined) return font.layout(text, features);
    let run = words.get(text);
    if (!run) {
      if (words.size >= MAX_WORDS) words.clear();
      run = copyOf(font.layout(text));
      words.set(text, run);
    }
    return copyOf(run);
  };
  const getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = font.getGlyph(id, codePoints);
    if (glyph && !font._variationProcessor && !decodedOnce.has(glyph)) {
      decodedOnce.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let decoded: unknown;
      let done = false;
      glyph._decode = () => {
        if (!done) [decoded, done] = [decode(), true];
        return decoded;
      };
    }
    return glyph;
  };
  // A proxy rather than a copy: pdfkit reads the font's tables (`head`, `post`, `OS/2`) and
  // metrics through getters that fontkit computes on first use.
  return new Proxy(font, {
    get(target, key, receiver) {
      if (key === 'layout') return layout;
      if (key === 'getGlyph') return getGlyph;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(receiver) : value;
    },
  });
}
