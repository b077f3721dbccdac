import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOurs } from '../../scripts/bench/ours';
import { printSiteFixtures } from '../../scripts/bench/sites';

// bench:extract's site report lists our own site fixtures beside plain Readability + Turndown:
// one row per fixture, naming the extractor that built the clip (the fixture's `site`
// comment), with both sides' lengths and times.

const DIR = join(import.meta.dirname, '../fixtures/extract/sites');

describe('bench:extract site fixtures report', () => {
  it('has a row per fixture with the extractor that handled it and both sides measured', async () => {
    const { extract } = await loadOurs(false);
    const lines: string[] = [];
    printSiteFixtures(extract, (line) => lines.push(line), 1);
    const rows = new Map(
      lines
        .filter((l) => l.startsWith('| '))
        .map((l) => l.split('|').map((c) => c.trim()))
        .map((cells) => [cells[1], cells.slice(2, -1)] as const),
    );
    const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.html'));
    expect(fixtures.length).toBeGreaterThan(10);
    for (const file of fixtures) {
      const site = /<!--\s*site:\s*(.+?)\s*-->/.exec(readFileSync(join(DIR, file), 'utf8'))?.[1];
      const row = rows.get(file.slice(0, -'.html'.length));
      expect(row, file).toBeDefined();
      const [extractor, charsOurs, charsPlain, , , timeOurs, timePlain] = row!;
      expect(extractor, file).toBe(site);
      expect(Number(charsOurs), file).toBeGreaterThan(0);
      expect(Number(charsPlain), file).toBeGreaterThanOrEqual(0);
      expect(timeOurs).toMatch(/ ms$/);
      expect(timePlain).toMatch(/ ms$/);
    }
  });
});
