/**
 * The tags field's state (docs/templates.md, Tags): the chosen tags, what is typed, and the
 * completion list (a WAI-ARIA combobox driven from the keyboard), as pure transitions.
 */
import { completeTags, MAX_TAGS_PER_CLIP, normaliseTag, type KnownTag } from '../tags/known-tags';

export interface TagInputState {
  tags: string[];
  query: string;
  open: boolean;
  /** The highlighted suggestion, -1 for none. */
  active: number;
}

export const initialTagInput: TagInputState = { tags: [], query: '', open: false, active: -1 };

export type TagInputAction =
  | { type: 'typed'; query: string }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'add'; tag: string }
  | { type: 'remove'; tag: string }
  | { type: 'remove-last' }
  | { type: 'close' };

export function suggestions(state: TagInputState, known: KnownTag[]): string[] {
  return state.open ? completeTags(known, state.query, state.tags) : [];
}

function add(state: TagInputState, raw: string): TagInputState {
  const tag = normaliseTag(raw);
  const has = state.tags.some((t) => t.toLowerCase() === tag.toLowerCase());
  const tags =
    !tag || has || state.tags.length >= MAX_TAGS_PER_CLIP ? state.tags : [...state.tags, tag];
  return { tags, query: '', open: false, active: -1 };
}

export function tagInputReducer(
  state: TagInputState,
  action: TagInputAction,
  known: KnownTag[],
): TagInputState {
  switch (action.type) {
    case 'typed': {
      // A comma ends a tag, as in most tag fields.
      const parts = action.query.split(',');
      let next: TagInputState = state;
      for (const part of parts.slice(0, -1)) next = add(next, part);
      return { ...next, query: parts.at(-1)!, open: true, active: -1 };
    }
    case 'move': {
      const count = completeTags(known, state.query, state.tags).length;
      if (count === 0) return { ...state, open: true, active: -1 };
      if (!state.open) return { ...state, open: true, active: action.by === 1 ? 0 : count - 1 };
      const active = (state.active + action.by + count + 1) % (count + 1);
      return { ...state, active: active === count ? -1 : active };
    }
    case 'add':
      return add(state, action.tag);
    case 'remove':
      return { ...state, tags: state.tags.filter((t) => t !== action.tag) };
    case 'remove-last':
      return state.query === '' ? { ...state, tags: state.tags.slice(0, -1) } : state;
    case 'close':
      return { ...state, open: false, active: -1 };
  }
}

/** What Enter does in the field: add the highlighted suggestion or the typed text, or nothing. */
export function enterTag(state: TagInputState, known: KnownTag[]): string | null {
  const list = suggestions(state, known);
  if (state.active >= 0 && list[state.active]) return list[state.active]!;
  return state.query.trim() === '' ? null : state.query;
}
