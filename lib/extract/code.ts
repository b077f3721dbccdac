import {
  classAndId,
  elementsByTag,
  ELEMENT_NODE,
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
  // Verso (Lean's documentation tool): <code class="hl lean block">
  /(?:^|\s)hl\s+([a-z][\w+#-]*)(?:\s|$)/,
  // Hexo / Pygments wrappers: <figure class="highlight cpp">, <div class="highlight python">
  /(?:^|\s)(?:highlight|codehilite|code)\s+([a-z][\w+#-]*)(?:\s|$)/,
];
const NOT_LANGS = new Set([
  'chroma',
  'highlight',
  'notranslate',
  'shiki',
  'linenums',
  'codehilite',
  'syntax',
  'block',
  'wrap',
  'highlighter-rouge',
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
/**
 * Line numbers written inline before each line: Chroma's `span.ln` / `span.lnt` (class mode)
 * or an unselectable span (inline-style mode, `user-select:none`). Only removed when they
 * hold a bare number, since some highlighters also call a whole line `ln`.
 */
const INLINE_LINE_NUMBER =
  'span.ln, span.lnt, [style*="user-select:none"], [style*="user-select: none"]';
const LINE_CLASS = /(?:^|\s)(?:line|code-line|ln|hljs-ln-line|highlight-line|token-line)(?:\s|$)/;
const BLOCK_TAGS = new Set(['div', 'p', 'li', 'tr']);
const BLOCK_PARENTS = new Set([
  'div',
  'main',
  'article',
  'section',
  'figure',
  'body',
  'td',
  'blockquote',
  'details',
  'dd',
]);

export function languageOf(el: Element): string | null {
  let node: Element | null = el;
  const candidates: Element[] = [];
  const first = el.firstElementChild;
  // The <code> inside, or the one element a code box was wrapped around (see below).
  if (first && (tagName(first) === 'code' || first === el.lastElementChild)) candidates.push(first);
  // Climb through wrappers only (few children), so a page-level class is never taken.
  for (let depth = 0; node && depth < 6; depth++, node = node.parentElement) {
    candidates.push(node);
    if (depth > 0 && node.childElementCount > 3) break;
  }
  for (const c of candidates) {
    // `language` (no data- prefix): Mintlify and other Shiki-based sites.
    for (const attr of [
      'data-lang',
      'data-language',
      'data-code-language',
      'data-syntax',
      'language',
    ]) {
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
  const stack: { node: Node; exit: boolean; start?: number }[] = [];
  for (let c = root.lastChild; c; c = c.previousSibling) stack.push({ node: c, exit: false });
  while (stack.length) {
    const { node, exit, start } = stack.pop()!;
    if (exit) {
      // A line whose own text already ends with a newline (Chroma) is not ended twice;
      // an empty line element is a blank line.
      if (out.length === start || !out.endsWith('\n')) out += '\n';
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
      // Hexo writes <span class="line">…</span><br>: the line element already ended the line.
      if (!skipNextNewline) out += '\n';
      skipNextNewline = false;
      continue;
    }
    const isLine = BLOCK_TAGS.has(tag) || LINE_CLASS.test(el.getAttribute('class') ?? '');
    if (isLine) {
      if (out && !out.endsWith('\n')) out += '\n';
      stack.push({ node: el, exit: true, start: out.length });
    }
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push({ node: c, exit: false });
  }
  return out
    .replace(/\u00a0/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+/, '')
    .replace(/\s+$/, '');
}

function dedent(text: string): string {
  const lines = text.split('\n');
  let min = Infinity;
  for (const line of lines) if (line.trim()) min = Math.min(min, /^[ \t]*/.exec(line)![0].length);
  return Number.isFinite(min) && min > 0 ? lines.map((l) => l.slice(min)).join('\n') : text;
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

// Editors rendered inside a <pre> (ChatGPT's CodeMirror): the code is in the content element.
const EDITOR_CONTENT = '.cm-content, .CodeMirror-code, .monaco-editor .view-lines';

/** A one-word language label in an editor's header ("Python"), before the code itself. */
function editorLabel(pre: Element, editor: Element): string | null {
  for (const el of Array.from(pre.querySelectorAll('div, span'))) {
    if (el.contains(editor) || editor.contains(el)) continue;
    if (el.compareDocumentPosition(editor) & 2) break; // editor precedes: past the header
    // The element's own text, not its descendants' ("Python" beside a "Run" button).
    let text = '';
    for (let c = el.firstChild; c; c = c.nextSibling)
      if (c.nodeType === TEXT_NODE) text += c.nodeValue ?? '';
    text = text.trim();
    if (/^[A-Za-z][\w+#.-]{0,19}$/.test(text) && !/^(?:copy|run|edit|code)$/i.test(text)) {
      return text.toLowerCase();
    }
  }
  return null;
}

/** Normalizes every `<pre>` under root; returns how many code blocks it kept. */
export function normalizeCodeBlocks(root: Element): number {
  const doc = root.ownerDocument;
  // Line-numbered tables that wrap a <pre> (rouge, Pygments "table" mode): keep the code cell.
  for (const table of Array.from(root.getElementsByTagName('table'))) {
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
  const fromInlineCode = new WeakSet<Element>();
  // Gutter tables without known classes (Hugo/Chroma `lntable`): one cell of line numbers,
  // one holding the code.
  for (const table of Array.from(root.getElementsByTagName('table'))) {
    if (!table.isConnected || !table.getElementsByTagName('pre')[0]) continue;
    const cells = Array.from(table.getElementsByTagName('td')).filter(
      (td) => td.closest('table') === table,
    );
    const gutter = cells.find(
      (c) => /^[\d\s]+$/.test(c.textContent ?? '') && /\d/.test(c.textContent ?? ''),
    );
    const codeCell = cells.find((c) => c !== gutter && c.getElementsByTagName('pre')[0]);
    if (!gutter || !codeCell || cells.length !== 2) continue;
    table.replaceWith(codeCell.getElementsByTagName('pre')[0]!);
  }
  // Block-level <code> outside any <pre> (Lean/Verso `code.block`, multi-line snippets), and
  // text-only code boxes that mark their language (Writerside: <div class="code-block"
  // data-lang="http">). A <code> that wraps a <pre> is a highlighter's wrapper, unwrapped below.
  const blocks = [
    ...elementsByTag(root, 'code'),
    ...Array.from(root.querySelectorAll('div[data-lang], div[data-language]')).filter(
      (div) => /code/.test(classAndId(div)) && !div.firstElementChild,
    ),
  ];
  for (const code of blocks) {
    if (!code.isConnected || code.closest('pre') || code.querySelector('pre')) continue;
    const parent = code.parentElement;
    if (!parent || !BLOCK_PARENTS.has(tagName(parent))) continue;
    const text = (code.textContent ?? '').trim();
    if (
      !text ||
      !(/(?:^|\s)block(?:\s|$)/.test(code.getAttribute('class') ?? '') || text.includes('\n'))
    )
      continue;
    const pre = doc.createElement('pre');
    code.replaceWith(pre);
    pre.appendChild(code);
    fromInlineCode.add(pre);
  }
  // Highlighters that wrap the block in <code> (rouge: <code><table>…) would turn the fence
  // into inline code: unwrap any <code> around a <pre>.
  for (const code of Array.from(root.getElementsByTagName('code'))) {
    if (code.getElementsByTagName('pre')[0] || code.getElementsByTagName('table')[0])
      unwrapElement(code);
  }
  let count = 0;
  for (const pre of Array.from(root.getElementsByTagName('pre'))) {
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
    for (const g of Array.from(pre.querySelectorAll(INLINE_LINE_NUMBER))) {
      if (/^\s*\d+\s*$/.test(g.textContent ?? '')) g.remove();
    }
    const editor = pre.querySelector(EDITOR_CONTENT);
    const label = editor ? editorLabel(pre, editor) : null;
    for (const b of Array.from(pre.querySelectorAll(COPY_BUTTONS))) b.remove();
    const table = pre.querySelector('table');
    let text = editor ? codeText(editor) : ((table && tableCodeText(table)) ?? codeText(pre));
    // Indentation of a non-<pre> block is the page source's, not the code's.
    if (fromInlineCode.has(pre)) text = dedent(text);
    pre.textContent = text;
    for (const attr of Array.from(pre.attributes)) pre.removeAttribute(attr.name);
    pre.setAttribute(LANG_ATTR, lang ?? label ?? '');
    count++;
  }
  return count;
}
