import {
  classAndId,
  ELEMENT_NODE,
  isElement,
  tagName,
  TEXT_NODE,
  unwrap as unwrapElement,
} from './dom';

/**
 * Code rules, run on the snapshot before Readability: each `<pre>` is reduced to one text
 * node holding the code exactly (line breaks kept, line-number gutters and copy buttons
 * removed) and its language recorded in `data-pageclip-lang`. The markdown module turns it
 * into a fenced block.
 */

export const LANG_ATTR = 'data-pageclip-lang';

const CLASS_LANG = [
  /(?:^|\s)(?:language|lang)-([\w+#.-]+)/,
  /(?:^|\s)highlight-(?:source-|text-)?([\w+#.-]+)/,
  /(?:^|\s)brush:\s*([\w+#.-]+)/,
  /(?:^|\s)sourceCode\s+([\w+#-]+)/,
  /(?:^|\s)hljs\s+([\w+#-]+)/,
  /(?:^|\s)prettyprint\s+lang-([\w+#-]+)/,
];
const NOT_LANGS = new Set([
  'none',
  'plain',
  'plaintext',
  'text',
  'txt',
  'nohighlight',
  'no-highlight',
  'hljs',
  'sourcecode',
  'source',
  'code',
  'line-numbers',
  'numberlines',
]);

const GUTTER =
  '.gutter, .line-numbers-rows, .lineno, .linenos, .line-number, .line-numbers-wrapper, .hljs-ln-numbers, .linenumber, .ln-num, .react-syntax-highlighter-line-number, .code-line-number, [data-line-number]:empty, .rouge-gutter';
const COPY_BUTTONS =
  'button, .copy, .copy-button, .copy-code, .copy-code-button, .code-copy, .clipboard, .btn-copy, .toolbar, .code-toolbar > .toolbar, .code-header';
const LINE_CLASS = /(?:^|\s)(?:line|code-line|ln|hljs-ln-line|highlight-line|token-line)(?:\s|$)/;
const BLOCK_TAGS = new Set(['div', 'p', 'li', 'tr']);

export function languageOf(el: Element): string | null {
  let node: Element | null = el;
  const candidates: Element[] = [];
  if (el.firstElementChild && tagName(el.firstElementChild) === 'code')
    candidates.push(el.firstElementChild);
  // Climb through wrappers only (few children), so a page-level class is never taken.
  for (let depth = 0; node && depth < 6; depth++, node = node.parentElement) {
    candidates.push(node);
    if (depth > 0 && node.childElementCount > 3) break;
  }
  for (const c of candidates) {
    for (const attr of ['data-lang', 'data-language', 'data-code-language', 'data-syntax']) {
      const v = c.getAttribute(attr)?.trim().toLowerCase();
      if (v && /^[\w+#.-]{1,30}$/.test(v) && !NOT_LANGS.has(v)) return v;
    }
    const cls = c.getAttribute('class') ?? '';
    for (const re of CLASS_LANG) {
      const m = re.exec(cls);
      const v = m?.[1]?.toLowerCase().replace(/[;.]+$/, '');
      if (v && !NOT_LANGS.has(v)) return v;
    }
  }
  return null;
}

/**
 * The text of a code element with its line structure: `<br>` and per-line elements
 * (`<div>`, `<span class="line">`, `<li>`, table rows) become newlines, without doubling
 * the newline characters some highlighters put between line elements.
 */
export function codeText(root: Element): string {
  let out = '';
  let skipNextNewline = false;
  const stack: { node: Node; exit: boolean }[] = [];
  for (let c = root.lastChild; c; c = c.previousSibling) stack.push({ node: c, exit: false });
  while (stack.length) {
    const { node, exit } = stack.pop()!;
    if (exit) {
      out += '\n';
      skipNextNewline = true;
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      let text = node.nodeValue ?? '';
      if (skipNextNewline && text.startsWith('\n')) text = text.slice(1);
      if (text) skipNextNewline = false;
      out += text;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = tagName(el);
    if (tag === 'br') {
      out += '\n';
      skipNextNewline = false;
      continue;
    }
    const isLine = BLOCK_TAGS.has(tag) || LINE_CLASS.test(el.getAttribute('class') ?? '');
    if (isLine) {
      if (out && !out.endsWith('\n')) out += '\n';
      stack.push({ node: el, exit: true });
    }
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push({ node: c, exit: false });
  }
  return out
    .replace(/\u00a0/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+/, '')
    .replace(/\s+$/, '');
}

/** Rows of a line-numbered code table (rouge, hljs-ln): the code cell of each row. */
function tableCodeText(table: Element): string | null {
  const codeCells = table.querySelectorAll(
    'td.code, td.hljs-ln-code, td.rouge-code, td.blob-code, td.line-code',
  );
  if (codeCells.length === 0) return null;
  if (codeCells.length === 1) return codeText(codeCells[0]!);
  return Array.from(codeCells)
    .map((c) => codeText(c))
    .join('\n');
}

function isGutterTable(table: Element): boolean {
  return !!table.querySelector(
    'td.gutter, td.hljs-ln-numbers, td.rouge-gutter, td.linenos, td.line-numbers, td.blob-num',
  );
}

/** Normalizes every `<pre>` under root; returns how many code blocks it kept. */
export function normalizeCodeBlocks(root: Element): number {
  const doc = root.ownerDocument;
  // Line-numbered tables that wrap a <pre> (rouge, Pygments "table" mode): keep the code cell.
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!table.isConnected || !isGutterTable(table)) continue;
    const pre = table.querySelector('td.code pre, td.rouge-code pre, td.code, td.hljs-ln-code');
    if (!pre) continue;
    const lang = languageOf(table.querySelector('pre') ?? table) ?? languageOf(table);
    const text = tableCodeText(table) ?? '';
    const replacement = doc.createElement('pre');
    replacement.textContent = text;
    if (lang) replacement.setAttribute(LANG_ATTR, lang);
    table.replaceWith(replacement);
  }
  // Highlighters that wrap the block in <code> (rouge: <code><table>…) would turn the fence
  // into inline code: unwrap any <code> around a <pre>.
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (code.querySelector('pre, table')) unwrapElement(code);
  }
  let count = 0;
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (!pre.isConnected || !root.contains(pre) || pre.hasAttribute(LANG_ATTR)) {
      if (pre.isConnected) count++;
      continue;
    }
    if (pre.parentElement?.closest('pre')) continue;
    const lang = pre.querySelector(`pre[${LANG_ATTR}]`)?.getAttribute(LANG_ATTR) || languageOf(pre);
    // Copy buttons and toolbars usually sit beside the <pre> inside a wrapper.
    const wrapper = pre.parentElement;
    if (wrapper && /code|highlight|snippet|toolbar|syntax/.test(classAndId(wrapper))) {
      for (const b of Array.from(wrapper.children)) {
        if (b !== pre && b.matches(COPY_BUTTONS)) b.remove();
      }
    }
    for (const g of Array.from(pre.querySelectorAll(GUTTER))) g.remove();
    for (const b of Array.from(pre.querySelectorAll(COPY_BUTTONS))) b.remove();
    const table = pre.querySelector('table');
    const text = (table && tableCodeText(table)) ?? codeText(pre);
    pre.textContent = text;
    for (const attr of Array.from(pre.attributes)) pre.removeAttribute(attr.name);
    pre.setAttribute(LANG_ATTR, lang ?? '');
    count++;
  }
  return count;
}

export function isCodeElement(node: Node): boolean {
  return isElement(node) && tagName(node) === 'pre';
}
