/**
 * The worst inputs for the service's markdown parsing, at the size limits (docs/api.md,
 * Limits): each defeats a backtracking pattern that is not linear. Shared by the tests that
 * bound them and by `npm run bench:service -- --worst-inputs`, which times them.
 */
const MiB = 1024 * 1024;
/** Just under the 5 MiB page-content limit, leaving room for a short tail. */
export const WORST_SIZE = 5 * MiB - 16;

const fill = (unit: string, tail = ''): string =>
  unit.repeat(Math.floor((WORST_SIZE - tail.length) / unit.length)) + tail;

/** Documents for `POST /imports/page`, whose title is parsed from frontmatter or a heading. */
export const WORST_PAGES: Record<string, () => string> = {
  // `# a`, then spaces, then `x`: one heading line as long as the limit allows.
  'a heading "# a", spaces, "x"': () => `# a${' '.repeat(WORST_SIZE - 4)}x`,
  // A frontmatter title of nested flow collections, then a heading.
  'a frontmatter title of "["': () => `---\ntitle: ${fill('[', '\n---\n# Heading\n').slice(11)}`,
};

/** Vault notes that once made wiki-link and embed parsing quadratic. */
export const WORST_NOTES: Record<string, () => string> = {
  'wiki-link openers "[["': () => fill('[['),
  'embed openers "![["': () => fill('![['),
  'image openers "!["': () => fill('!['),
  'image targets "![a]("': () => fill('![a]('),
  'link aliases "[[a|"': () => fill('[[a|'),
  'link headings "[[a#"': () => fill('[[a#'),
  'a heading of spaces': () => `# a${' '.repeat(WORST_SIZE - 4)}x`,
};

/**
 * Sends each worst input once to a running service and returns how long the service took to
 * answer: a page import of each `WORST_PAGES` document, then a vault import of each `WORST_NOTES` note.
 */
export async function timeWorstInputs(
  baseUrl: string,
  token: string,
): Promise<{ input: string; status: number; ms: number }[]> {
  const send = async (input: string, path: string, type: string, body: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });
    await response.arrayBuffer();
    return { input, status: response.status, ms: performance.now() - started };
  };
  const rows = [];
  for (const [name, make] of Object.entries(WORST_PAGES)) {
    rows.push(await send(`page import: ${name}`, '/imports/page', 'text/markdown', make()));
  }
  for (const [name, make] of Object.entries(WORST_NOTES)) {
    const body = JSON.stringify({ files: [{ path: 'Worst.md', content: make() }] });
    rows.push(await send(`vault note: ${name}`, '/imports/vaultapp', 'application/json', body));
  }
  return rows;
}
