import { inProse, shortText } from './boilerplate-lines';

/**
 * A slideshow's counters ("Bild 3 von 10", "2/28"): a picture's place in a gallery that shows
 * one at a time. The clip holds every picture at once, so the counters only interrupt it.
 *
 * A counter that names what it counts is one on its own. A bare "2/28" may as well be an
 * amount ("1/4" cup, written apart from its unit), so bare ones go only as a run: at least
 * two with the same total, numbered one after another, and a total no amount has (4 or more).
 */

const LABELLED =
  /^(?:bild|foto|photo|image|slide|picture|zdj[eę]cie|imagen)\s+(\d{1,3})\s*(?:\/|von|of|aus|de|z|sur)\s*(\d{1,3})$|^(\d{1,3})\s*\/\s*(\d{1,3})\s+(?:photos|pictures|images|bilder|fotos|zdj[eę][ćc])$/;
const BARE = /^(\d{1,3})\s*(?:\/|von|of)\s*(\d{1,3})$/;
const MIN_RUN_TOTAL = 4;

interface Counter {
  el: Element;
  at: number;
  total: number;
}

export function removeGalleryCounters(lines: Element[], lengths: Map<Node, number>): void {
  const bare = new Map<number, Counter[]>();
  for (const el of lines) {
    // The text first: a counter is short, and most lines are not.
    const text = shortText(el, 30, lengths)?.toLowerCase();
    if (!text || !/\d/.test(text) || !el.isConnected) continue;
    const labelled = LABELLED.exec(text);
    const m = labelled ? null : BARE.exec(text);
    if (!labelled && !m) continue;
    if (inProse(el) || el.closest('table, pre') || el.querySelector('img, picture, video'))
      continue;
    if (labelled) {
      const at = Number(labelled[1] ?? labelled[3]);
      const total = Number(labelled[2] ?? labelled[4]);
      if (at >= 1 && at <= total) el.remove();
      continue;
    }
    if (!m) continue;
    const counter = { el, at: Number(m[1]), total: Number(m[2]) };
    if (counter.at < 1 || counter.at > counter.total || counter.total < MIN_RUN_TOTAL) continue;
    bare.set(counter.total, [...(bare.get(counter.total) ?? []), counter]);
  }
  for (const run of bare.values()) if (isRun(run)) for (const c of run) c.el.remove();
}

/** Two or more places, one after another (an element and its wrapper may share one). */
function isRun(counters: Counter[]): boolean {
  const places = [...new Set(counters.map((c) => c.at))].sort((a, b) => a - b);
  return places.length >= 2 && places.every((p, i) => i === 0 || p === places[i - 1]! + 1);
}
