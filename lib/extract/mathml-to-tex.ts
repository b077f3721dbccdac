import { isElement, tagName } from './dom';

/**
 * A small MathML → TeX converter for the common presentation elements, used when a `<math>`
 * element carries neither an `alttext` nor a TeX annotation. Depth-limited so hostile
 * nesting cannot blow the stack.
 */

const SYMBOLS: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∮': '\\oint',
  '∞': '\\infty',
  '⋆': '\\star',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '→': '\\to',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '↔': '\\leftrightarrow',
  '×': '\\times',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '∂': '\\partial',
  '∇': '\\nabla',
  '√': '\\surd',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '′': "'",
  '−': '-',
  '∘': '\\circ',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '\u2061': '',
  '\u2062': '',
  '\u2063': '',
};
const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'exp',
  'lim',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'arg',
  'deg',
  'dim',
  'gcd',
  'sinh',
  'cosh',
  'tanh',
  'arcsin',
  'arccos',
  'arctan',
  'ker',
  'Pr',
]);
const MAX_DEPTH = 100;

function symbols(text: string): string {
  let out = '';
  for (const ch of text) {
    const s = SYMBOLS[ch];
    if (s === undefined) out += /[{}%#&_^$\\]/.test(ch) ? `\\${ch}` : ch;
    else out += s && /^\\[a-zA-Z]+$/.test(s) ? `${s} ` : s;
  }
  return out.replace(/ $/, '');
}

function group(s: string): string {
  const t = s.trim();
  return t.length === 1 || /^\\[a-zA-Z]+$/.test(t) ? t : `{${t}}`;
}

function kids(el: Element): Element[] {
  return Array.from(el.children);
}

function convert(el: Element, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const c = kids(el);
  const at = (i: number): string => (c[i] ? convert(c[i]!, depth + 1) : '');
  const all = (): string =>
    c
      .map((k) => convert(k, depth + 1))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = (el.textContent ?? '').trim();
  switch (tagName(el)) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'merror':
    case 'menclose':
      return all();
    case 'semantics':
      return at(0);
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
    case 'none':
      return '';
    case 'mi':
      if (FUNCTIONS.has(text)) return `\\${text}`;
      if (text.length > 1 && /^[A-Za-z]+$/.test(text)) return `\\mathrm{${text}}`;
      return symbols(text);
    case 'mn':
      return text;
    case 'mo': {
      const s = symbols(text);
      return s;
    }
    case 'mtext':
      return text ? `\\text{${text.replace(/[{}\\]/g, '')}}` : '';
    case 'mspace':
      return '\\ ';
    case 'msup':
      return `${group(at(0))}^${group(at(1))}`;
    case 'msub':
      return `${group(at(0))}_${group(at(1))}`;
    case 'msubsup':
      return `${group(at(0))}_${group(at(1))}^${group(at(2))}`;
    case 'mfrac':
      return `\\frac{${at(0)}}{${at(1)}}`;
    case 'msqrt':
      return `\\sqrt{${all()}}`;
    case 'mroot':
      return `\\sqrt[${at(1)}]{${at(0)}}`;
    case 'mover': {
      const over = (c[1]?.textContent ?? '').trim();
      if (over === '¯' || over === '‾' || over === '―') return `\\overline{${at(0)}}`;
      if (over === '^' || over === 'ˆ') return `\\hat{${at(0)}}`;
      if (over === '~' || over === '˜') return `\\tilde{${at(0)}}`;
      if (over === '→' || over === '⃗') return `\\vec{${at(0)}}`;
      if (over === '˙' || over === '.') return `\\dot{${at(0)}}`;
      return `\\overset{${at(1)}}{${at(0)}}`;
    }
    case 'munder':
      return `${group(at(0))}_${group(at(1))}`;
    case 'munderover':
      return `${group(at(0))}_${group(at(1))}^${group(at(2))}`;
    case 'mfenced': {
      const open = el.getAttribute('open') ?? '(';
      const close = el.getAttribute('close') ?? ')';
      return `\\left${open === '{' ? '\\{' : open || '.'}${c.map((k) => convert(k, depth + 1)).join(', ')}\\right${close === '}' ? '\\}' : close || '.'}`;
    }
    case 'mtable': {
      // One numbered equation (`\\tag`): MathJax wraps it in a one-row table whose first cell
      // is the label; it is an equation, not a matrix.
      if (c.length === 1 && tagName(c[0]!) === 'mlabeledtr') {
        const cells = kids(c[0]!);
        const label = (cells[0]?.textContent ?? '').trim().replace(/^\((.*)\)$/, '$1');
        const body = cells
          .slice(1)
          .map((cell) => convert(cell, depth + 1))
          .join(' ');
        return label ? `${body} \\tag{${symbols(label)}}` : body;
      }
      // Alignment environments (align, eqnarray, cases) set column alignment; matrices do not.
      const env =
        el.hasAttribute('columnalign') || el.getAttribute('displaystyle') === 'true'
          ? 'aligned'
          : 'matrix';
      return `\\begin{${env}}${c.map((row) => convert(row, depth + 1)).join(' \\\\ ')}\\end{${env}}`;
    }
    case 'mtr':
      return c.map((cell) => convert(cell, depth + 1)).join(' & ');
    case 'mlabeledtr':
      // The label cell comes first; several numbered rows keep their equations only.
      return c
        .slice(1)
        .map((cell) => convert(cell, depth + 1))
        .join(' & ');
    case 'mtd':
      return all();
    default:
      return c.length ? all() : symbols(text);
  }
}

export function mathmlToTex(math: Element): string {
  if (!isElement(math)) return '';
  return convert(math, 0).replace(/\s+/g, ' ').trim();
}
