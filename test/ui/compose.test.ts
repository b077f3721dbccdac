import { describe, expect, it } from 'vitest';
import { WriteRequestSchema, type WriteRequest } from '../../lib/write-request';
import { clipWrite, frontmatterBlock, notePageWrite, retargetWrite } from '../../lib/ui/compose';

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
    note: '',
  };
  const now = new Date(2026, 10, 24, 9, 41);

  it('creates a page in the chosen folder with the frontmatter kept and the edited body', () => {
    const write = clipWrite(
      clipId,
      clip,
      {
        folderId: folder,
        target: 'new',
        pageId: null,
        operation: 'append',
      },
      now,
    );
    expect(WriteRequestSchema.parse(write)).toEqual({
      kind: 'create-page',
      clipId,
      title: 'Rivers',
      markdown: '---\nt: 1\n---\nEdited body',
      parentId: folder,
    });
  });

  it('adds to an existing page with a linked heading, append or prepend', () => {
    const write = clipWrite(
      clipId,
      clip,
      {
        folderId: folder,
        target: 'existing',
        pageId: page,
        operation: 'prepend',
      },
      now,
    );
    expect(WriteRequestSchema.parse(write)).toEqual({
      kind: 'add-to-page',
      clipId,
      pageId: page,
      operation: 'prepend',
      content:
        '## [Rivers](https://example.com/a%20%28b%29)\n\n*example.com · 2026-11-24*\n\nEdited body',
    });
  });
});

describe('notePageWrite', () => {
  it('creates a page of its own for the note, trimmed, in the chosen folder', () => {
    expect(notePageWrite(clipId, ' hi ', { folderId: folder, title: ' Idea ' })).toEqual({
      kind: 'create-page',
      clipId,
      title: 'Idea',
      markdown: 'hi',
      parentId: folder,
    });
  });
});

describe('retargetWrite', () => {
  it('moves a write to another folder or page keeping its clip id', () => {
    const create = clipWrite(
      clipId,
      { title: 'T', url: '', frontmatter: '', body: 'b', note: '' },
      { folderId: null, target: 'new', pageId: null, operation: 'append' },
      new Date(),
    );
    expect(retargetWrite(create, { folderId: folder, pageId: null })).toMatchObject({
      clipId,
      parentId: folder,
    });
    const add = clipWrite(
      clipId,
      { title: 'T', url: '', frontmatter: '', body: 'b', note: '' },
      { folderId: null, target: 'existing', pageId: page, operation: 'append' },
      new Date(),
    );
    const inbox: WriteRequest = {
      kind: 'add-to-titled-page',
      clipId,
      pageId: page,
      title: 'Inbox',
      parentId: null,
      operation: 'append',
      content: 'n',
    };
    const moved = retargetWrite(inbox, { folderId: folder, pageId: null });
    expect(moved).toMatchObject({ clipId, title: 'Inbox', parentId: folder });
    expect(moved).not.toHaveProperty('pageId');
    const other = '55555555-5555-4555-8555-555555555555';
    expect(retargetWrite(add, { folderId: null, pageId: other })).toMatchObject({
      clipId,
      pageId: other,
    });
  });
});
