/**
 * Drawing highlights with the CSS Custom Highlight API: one `Highlight` per colour in the
 * document's `CSS.highlights` registry (named `pageclip-<colour>`), styled by `::highlight()`
 * rules in a constructed style sheet added to `document.adoptedStyleSheets`. The page's DOM is
 * never changed: no wrapper elements, no attributes. Where the API is missing (older Firefox)
 * nothing is drawn; the highlights are still listed and saved.
 */
import { HIGHLIGHT_COLORS, type HighlightColor } from '../clip-markdown/highlight-colors';

/** Translucent, so the text stays readable on light and dark pages alike. */
export const HIGHLIGHT_BACKGROUNDS: Record<HighlightColor, string> = {
  yellow: 'rgba(255, 214, 0, 0.45)',
  green: 'rgba(60, 200, 90, 0.38)',
  blue: 'rgba(70, 150, 255, 0.38)',
  pink: 'rgba(255, 90, 170, 0.38)',
  purple: 'rgba(160, 100, 255, 0.38)',
};

export const highlightName = (color: HighlightColor) => `pageclip-${color}`;

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): boolean;
}
type HighlightCtor = new (...ranges: Range[]) => { add(range: Range): void };

export interface Painter {
  readonly supported: boolean;
  draw(list: readonly { color: HighlightColor; range: Range }[]): void;
  clear(): void;
}

export function createPainter(doc: Document): Painter {
  const win = doc.defaultView as unknown as {
    Highlight?: HighlightCtor;
    CSS?: { highlights?: HighlightRegistry };
    CSSStyleSheet?: typeof CSSStyleSheet;
  } | null;
  const registry = win?.CSS?.highlights;
  const Ctor = win?.Highlight;
  const supported = Boolean(registry && Ctor && win?.CSSStyleSheet);
  let styled = false;
  const style = () => {
    if (styled || !win?.CSSStyleSheet) return;
    styled = true;
    const sheet = new win.CSSStyleSheet();
    sheet.replaceSync(
      HIGHLIGHT_COLORS.map(
        (c) =>
          `::highlight(${highlightName(c)}){background-color:${HIGHLIGHT_BACKGROUNDS[c]};color:inherit}`,
      ).join('\n'),
    );
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  };
  const clear = () => {
    for (const c of HIGHLIGHT_COLORS) registry?.delete(highlightName(c));
  };
  return {
    supported,
    clear,
    draw(list) {
      if (!supported || !registry || !Ctor) return;
      style();
      clear();
      for (const color of HIGHLIGHT_COLORS) {
        const ranges = list.filter((h) => h.color === color).map((h) => h.range);
        if (ranges.length) registry.set(highlightName(color), new Ctor(...ranges));
      }
    },
  };
}
