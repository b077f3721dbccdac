import { el, keepLineBreaks, metaContent, moveChildren, textOf } from './build';
import type { SiteExtractor } from './types';

/**
 * Shared AI conversations (ChatGPT, Claude, Gemini share pages): each turn under its speaker,
 * in order. Code blocks and math need nothing here: the pipeline's preparing step has already
 * made them plain code and TeX.
 */

/** Turns kept at most. */
export const MAX_TURNS = 400;

interface Chat {
  name: string;
  host: RegExp;
  path: RegExp;
  /** Every message element, user's and assistant's, in page order. */
  messages: string;
  isUser: (message: Element) => boolean;
  /** Where a message's own text sits inside its element. */
  body: (message: Element) => Element | null;
  assistant: string;
}

const CHATS: Chat[] = [
  {
    name: 'ChatGPT',
    host: /^(?:chatgpt\.com|chat\.openai\.com)$/,
    path: /^\/(?:share|c|g)\//,
    messages: '[data-message-author-role]',
    isUser: (m) => m.getAttribute('data-message-author-role') === 'user',
    body: (m) => m.querySelector('.markdown') ?? m.querySelector('.whitespace-pre-wrap') ?? m,
    assistant: 'ChatGPT',
  },
  {
    name: 'Claude',
    host: /^claude\.ai$/,
    path: /^\/(?:share|chat)\//,
    messages: '[data-testid="user-message"], .font-claude-response, .font-claude-message',
    isUser: (m) => m.getAttribute('data-testid') === 'user-message',
    body: (m) => m,
    assistant: 'Claude',
  },
  {
    name: 'Gemini',
    host: /^(?:gemini\.google\.com|g\.co)$/,
    // A conversation (`/app`, `/app/<id>`, a Gem's `/gem/<gem>/<id>`, under `/u/<n>` for a
    // second signed-in account) or a shared one (`/share/<id>`, the short `g.co/gemini/share/<id>`).
    path: /^(?:\/u\/\d+)?\/(?:app|gem|share|gemini\/share)(?:\/|$)/,
    messages: 'user-query, model-response',
    isUser: (m) => m.localName === 'user-query',
    body: (m) => m.querySelector('.query-text, message-content .markdown, message-content') ?? m,
    assistant: 'Gemini',
  },
];

/**
 * The language label a chat prints above a code block ("regex"): the block already carries
 * its language, and the label alone would become a stray paragraph.
 */
function dropCodeLabels(body: Element): void {
  for (const pre of Array.from(body.querySelectorAll('pre'))) {
    const label = pre.previousElementSibling;
    if (label?.localName === 'div' && !label.firstElementChild) {
      if (/^[\w+#.-]{1,20}$/.test((label.textContent ?? '').trim())) label.remove();
    }
  }
}

function chatFor(url: URL): Chat | undefined {
  return CHATS.find((c) => c.host.test(url.hostname) && c.path.test(url.pathname));
}

export const aiChat: SiteExtractor = {
  name: 'AI conversation',
  matches: (url, doc) => {
    const chat = chatFor(url);
    return !!chat && !!doc.querySelector(chat.messages);
  },
  extract(doc, url) {
    const chat = chatFor(url);
    if (!chat) return null;
    const messages = Array.from(doc.querySelectorAll(chat.messages)).filter(
      (m) => !m.parentElement?.closest(chat.messages),
    );
    const content = el(doc, 'div');
    let last: boolean | null = null;
    let turns = 0;
    for (const message of messages) {
      const user = chat.isUser(message);
      // Consecutive parts of one answer (ChatGPT splits an answer around its "thinking").
      if (user !== last) {
        if (++turns > MAX_TURNS) break;
        if (last !== null) content.append(el(doc, 'hr'));
        content.append(el(doc, 'p', {}, el(doc, 'strong', {}, user ? 'You' : chat.assistant)));
        last = user;
      }
      const body = chat.body(message);
      // The user's own text is shown pre-wrapped: its line breaks are the user's.
      if (user && body) {
        const plain = Array.from(body.querySelectorAll('.whitespace-pre-wrap, .query-text-line'));
        if (body.matches('.whitespace-pre-wrap, .query-text')) plain.push(body);
        for (const p of plain) keepLineBreaks(doc, p);
      }
      if (body) dropCodeLabels(body);
      content.append(...moveChildren(doc, body).childNodes);
    }
    if (turns > MAX_TURNS) {
      content.append(el(doc, 'p', {}, el(doc, 'em', {}, `The first ${MAX_TURNS} turns clipped.`)));
    }
    const title =
      textOf(doc, 'main h1') ??
      metaContent(doc, 'og:title') ??
      (doc.title.replace(/^(?:ChatGPT|Claude|Gemini)\s*[-–|:]\s*/, '').trim() || null);
    return { content, title, byline: null, published: null, siteName: chat.name };
  },
};
