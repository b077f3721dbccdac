import { describe, expect, it } from 'vitest';
import { CAPTURED_PAGE_MAX_CHARS } from '../../lib/extract/capture';
import { CapturedPageSchema } from '../../lib/extract/captured-page';
import { captureTab } from '../../lib/extraction/in-tab';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://huge.example/dump';

/**
 * A capture past the limit would be refused by Chromium as an extension message (64 MiB of
 * JSON); the tab says so itself, in words a user can act on, and the other end refuses it too.
 */
describe('the capture size limit', () => {
  it('is refused in the tab with its size and the limit, not sent', () => {
    const doc = parseHtml('<!DOCTYPE html><title>Dump</title><body><pre></pre></body>', URL);
    doc.querySelector('pre')!.textContent = 'x'.repeat(CAPTURED_PAGE_MAX_CHARS + 1_000_000);
    const answer = captureTab({ mode: 'article' }, doc);
    expect(answer).toEqual({
      kind: 'failed',
      message:
        'the page is too large to clip (25 million characters of content; the limit is 24 million)',
    });
  });

  it('passes a page just under it', () => {
    const doc = parseHtml('<!DOCTYPE html><title>Dump</title><body><pre></pre></body>', URL);
    doc.querySelector('pre')!.textContent = 'x'.repeat(CAPTURED_PAGE_MAX_CHARS - 1_000_000);
    const answer = captureTab({ mode: 'article' }, doc);
    expect(answer.kind).toBe('capture');
  });

  it('is refused by the schema the capture is parsed with on the other side', () => {
    const capture = { url: URL, textLength: 1, selection: null };
    const over = CapturedPageSchema.safeParse({
      ...capture,
      html: 'x'.repeat(CAPTURED_PAGE_MAX_CHARS + 1),
    });
    expect(over.success).toBe(false);
    const at = CapturedPageSchema.safeParse({
      ...capture,
      html: 'x'.repeat(CAPTURED_PAGE_MAX_CHARS),
    });
    expect(at.success).toBe(true);
  });
});
