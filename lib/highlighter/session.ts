/**
 * The highlights of one open page, as the page script holds them: the page's stored highlights
 * (from the service), where each is placed now (`lib/anchoring`), and which could not be placed
 * (orphans: listed, never dropped). Adding describes the selection; every change redraws.
 */
import { anchorAll, describeRange } from '../anchoring';
import type { HighlightColor, StoredHighlight } from '../clip-markdown/highlight-record';
import type { Painter } from './paint';

export interface PlacedHighlight extends StoredHighlight {
  range: Range | null;
}

/** A new highlight id: 10 lower-case letters and digits, as a record label accepts. */
export function newHighlightId(random: (n: number) => Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(random(10), (b) => alphabet[b % alphabet.length]).join('');
}

export class HighlightSession {
  private list: PlacedHighlight[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly painter: Painter,
    private readonly random: (n: number) => Uint8Array,
  ) {}

  get highlights(): readonly PlacedHighlight[] {
    return this.list;
  }

  get orphans(): readonly PlacedHighlight[] {
    return this.list.filter((h) => h.range === null);
  }

  /** Places the page's highlights (as stored in the service) and draws them. */
  load(stored: readonly StoredHighlight[]): void {
    const placed = anchorAll(
      this.root,
      stored.map((h) => h.selectors),
    );
    this.list = stored.map((h, i) => ({ ...h, range: placed[i]?.range ?? null }));
    this.redraw();
  }

  /** The selection as a new highlight, or null when it covers no text of the page. */
  add(range: Range, color: HighlightColor): PlacedHighlight | null {
    if (!this.root.contains(range.commonAncestorContainer)) return null;
    const selectors = describeRange(this.root, range);
    if (!selectors) return null;
    const h: PlacedHighlight = {
      id: newHighlightId(this.random),
      color,
      selectors,
      note: '',
      range: range.cloneRange(),
    };
    this.list.push(h);
    this.redraw();
    return h;
  }

  update(id: string, change: { color?: HighlightColor; note?: string }): PlacedHighlight | null {
    const h = this.list.find((x) => x.id === id);
    if (!h) return null;
    if (change.color) h.color = change.color;
    if (change.note !== undefined) h.note = change.note;
    this.redraw();
    return h;
  }

  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((h) => h.id !== id);
    this.redraw();
    return this.list.length < before;
  }

  /** The placed highlight under a point of the page, the last drawn first. */
  at(node: Node, offset: number): PlacedHighlight | null {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const range = this.list[i]!.range;
      try {
        if (range?.isPointInRange(node, offset)) return this.list[i]!;
      } catch {
        // A point in another document or a detached node: not in this range.
      }
    }
    return null;
  }

  redraw(): void {
    this.painter.draw(
      this.list.flatMap((h) => (h.range ? [{ color: h.color, range: h.range }] : [])),
    );
  }
}
