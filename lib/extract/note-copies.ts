import { normalizedText } from './dom';
import { FOOTNOTE_ATTR, removeNoteBlock } from './footnote-dom';

/**
 * The article's blocks by their text, for finding the copy of a note that Readability rebuilt
 * without its id (`<div id="fn-5"><p>` becomes `<p>`). Each block's text is measured once, and
 * again only for the blocks a removal changed (the removed block's ancestors): measured anew
 * for every note, the texts took 1.6 s of a 2 s clip of a Wikipedia article with hundreds of
 * notes in Chromium. The article must not change but through `remove`.
 */
export class NoteCopies {
  private blocks: Element[] | null = null;
  private readonly texts = new Map<Element, string>();

  constructor(
    private readonly article: Element,
    private readonly selector: string,
  ) {}

  /** Removes the last block of the article whose text is the note's (`block`), if any. */
  removeCopyOf(block: Element): void {
    const text = normalizedText(block);
    if (text.length < 2) return;
    this.blocks ??= Array.from(this.article.querySelectorAll(this.selector));
    for (let i = this.blocks.length - 1; i >= 0; i--) {
      const el = this.blocks[i]!;
      if (!el.isConnected || this.textOf(el) !== text) continue;
      if (el.querySelector(`[${FOOTNOTE_ATTR}]`)) continue;
      this.remove(el);
      return;
    }
  }

  /** `removeNoteBlock`, forgetting the texts it changes. */
  remove(el: Element): void {
    const changed: Element[] = [];
    for (let up = el.parentElement; up; up = up.parentElement) changed.push(up);
    removeNoteBlock(el);
    for (const up of changed) this.texts.delete(up);
  }

  private textOf(el: Element): string {
    let text = this.texts.get(el);
    if (text === undefined) {
      text = normalizedText(el);
      this.texts.set(el, text);
    }
    return text;
  }
}
