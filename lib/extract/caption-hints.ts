import { ownerDoc } from './dom';

/**
 * What a caption tells the reader to do with the page's image viewer ("Zum Vergrößern auf das
 * Bild klicken", "Click to enlarge"): the clip has no viewer, so the sentence goes and the
 * caption stays. Matched per text node, as the hint is written as one sentence of its own:
 * it starts the text or follows a sentence's end, and ends one.
 */

const HINT =
  /(?:^|(?<=[.!:)]\s*))\s*(?:zum vergr(?:ö|oe|o)(?:ß|ss)ern (?:(?:auf )?(?:das |ein )?bild )?(?:klicken|tippen)|(?:bild )?(?:anklicken|klicken|tippen) zum vergr(?:ö|oe|o)(?:ß|ss)ern|click (?:on (?:the )?image )?(?:to enlarge|for (?:a )?larger (?:image|version|view))|cliquez (?:sur l.image )?pour (?:l.)?agrandir|(?:haga )?clic (?:en la imagen )?para ampliar(?:la)?)(?:\s*[.!](?=\s|$)|(?=\s*$))/giu;

export function dropCaptionHints(caption: Element): void {
  const walker = ownerDoc(caption).createTreeWalker(caption, 4);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const value = n.nodeValue ?? '';
    if (!/klick|click|clic|tipp|vergr/i.test(value)) continue;
    const next = value.replace(HINT, '');
    if (next !== value) n.nodeValue = next;
  }
}
