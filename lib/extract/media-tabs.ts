import { inProse } from './boilerplate-lines';
import { elementsByTag, normalizedText, tagName } from './dom';
import { tryUrl } from './urls';

/**
 * Media tab switchers above an article's picture: links named "Photo", "Video" or "Gallery"
 * that only reload this page with another tab open (`?tab=video#media`). A clip holds one
 * picture and no player, so the switch names nothing the reader will find.
 */

const MEDIA_TAB =
  /^(?:photos?|images?|videos?|fotos?|bilder?|im[áa]gen(?:es)?|gallery|galerie|galer[íi]a|audio|graphics?)$/i;

function samePage(href: string, page: URL): boolean {
  const target = tryUrl(href, page);
  return !!target && target.origin === page.origin && target.pathname === page.pathname;
}

export function removeMediaTabs(root: Element, pageUrl: string): void {
  const page = tryUrl(pageUrl);
  if (!page) return;
  for (const a of elementsByTag(root, 'a')) {
    if (!MEDIA_TAB.test(normalizedText(a)) || a.querySelector('img, picture, video')) continue;
    if (inProse(a) || !samePage(a.getAttribute('href') ?? '', page)) continue;
    let gone: Element = a;
    // The item, then the list, that held nothing but tabs.
    while (
      gone.parentElement &&
      gone.parentElement !== root &&
      /^(?:li|ul|ol|span|div)$/.test(tagName(gone.parentElement)) &&
      normalizedText(gone.parentElement) === normalizedText(gone)
    )
      gone = gone.parentElement;
    gone.remove();
  }
}
