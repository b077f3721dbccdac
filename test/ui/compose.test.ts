import { describe, expect, it } from 'vitest';
import { WriteRequestSchema } from '../../lib/write-request';
import { clipWrite, frontmatterBlock, quickNoteWrite, retargetWrite } from '../../lib/ui/compose';

const clipId = '9b2e6a54-9d0f-4e3b-8f5c-2a4b6c8d0e1f';
const folder = '11111111-1111-4111-8111-111111111111';
const page = '44444444-4444-4444-8444-444444444444';

describe('frontmatterBlock', () => {
  it('is the YAML block in front of the body', () => {
    expect(frontmatterBlock({ markdown: '---\ntitle: A\n---\nBody', body: 'Body' })).toBe(
      '---\ntitle: A\n---\n',
    );
    expect(frontmatterBlock({ markdown: 'Body', body: 'Body' })).toBe('');
    expect(frontmatterBlock({ markdown: '---\ntitle: A\n---\n', body: '' })).toBe(
      '---\ntitle: A\n---\n',
    );
  });
});

describe('clipWrite', () => {
  const clip = {
    title: ' Rivers ',
    url: 'https://example.com/a (b)',
    frontmatter: '---\nt: 1\n---\n',
    body: 'Edited body',
  };

  it('creates a page in the chosen folder with the frontmatter kept and the edited body', () => {
    const write = clipWrite(clipId, clip, {
      folderId: folder,
      target: 'new',
      pageId: null,
      operation: 'append',
    });
    expect(WriteRequestSchema.parse(write)).toEqual({
      kind: 'create-page',
      clipId,
      title: 'Rivers',
      markdown: '---\nt: 1\n---\nEdited body',
      parentId: folder,
    });
  });

  it('adds to an existing page with a linked heading, append or prepend', () => {
    const write = clipWrite(clipId, clip, {
      folderId: folder,
      target: 'existing',
      pageId: page,
      operation: 'prepend',
    });
    expect(WriteRequestSchema.parse(write)).toEqual({
      kind: 'add-to-page',
      clipId,
      pageId: page,
      operation: 'prepend',
      content: '## [Rivers](https://example.com/a%20%28b%29)\n\nEdited body',
    });
  });
});

describe('quickNoteWrite', () => {
  it('appends to the titled Inbox page by default, or creates a page', () => {
    expect(
      quickNoteWrite(clipId, ' hi ', {
        folderId: null,
        asNewPage: false,
        title: 'Inbox',
        operation: 'append',
      }),
    ).toEqual({
      kind: 'add-to-titled-page',
      clipId,
      title: 'Inbox',
      parentId: null,
      operation: 'append',
      content: 'hi',
    });
    expect(
      quickNoteWrite(clipId, 'hi', {
        folderId: folder,
        asNewPage: true,
        title: 'Idea',
        operation: 'append',
      }).kind,
    ).toBe('create-page');
  });
});

describe('retargetWrite', () => {
  it('moves a write to another folder or page keeping its clip id', () => {
    const create = clipWrite(
      clipId,
      { title: 'T', url: '', frontmatter: '', body: 'b' },
      { folderId: null, target: 'new', pageId: null, operation: 'append' },
    );
    expect(retargetWrite(create, { folderId: folder, pageId: null })).toMatchObject({
      clipId,
      parentId: folder,
    });
    const add = clipWrite(
      clipId,
      { title: 'T', url: '', frontmatter: '', body: 'b' },
      { folderId: null, target: 'existing', pageId: page, operation: 'append' },
    );
    const other = '55555555-5555-4555-8555-555555555555';
    expect(retargetWrite(add, { folderId: null, pageId: other })).toMatchObject({
      clipId,
      pageId: other,
    });
  });
});
