// Neither plugin ships type declarations; both are markdown-it plugins taking the instance.
declare module 'markdown-it-footnote' {
  import type { MarkdownIt } from 'markdown-it';
  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}

declare module 'markdown-it-texmath' {
  import type { MarkdownIt } from 'markdown-it';
  const texmath: (
    md: MarkdownIt,
    options: {
      engine: { renderToString(tex: string): string };
      delimiters?: string | string[];
    },
  ) => void;
  export default texmath;
}
