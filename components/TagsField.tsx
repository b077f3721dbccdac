import { COMBOBOX } from '../lib/ui/combobox';
import { t } from '../lib/ui/i18n';
import {
  enterTag,
  suggestions,
  type TagInputAction,
  type TagInputState,
} from '../lib/ui/tag-input';
import type { KnownTag } from '../lib/tags/known-tags';

/**
 * The clip's tags, completed from the tags of earlier clips (docs/templates.md, Tags): a
 * WAI-ARIA combobox. Type and press Enter or `,` to add; ↓/↑ walk the suggestions; Backspace in
 * the empty field removes the last tag; Escape closes the list. State: `lib/ui/tag-input.ts`.
 */
export function TagsField(props: {
  state: TagInputState;
  known: KnownTag[];
  dispatch: (action: TagInputAction) => void;
}) {
  const { state, known, dispatch } = props;
  const list = suggestions(state, known);
  const optionId = (i: number) => `clip-tag-option-${i}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      dispatch({ type: 'move', by: e.key === 'ArrowDown' ? 1 : -1 });
      e.preventDefault();
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      const tag = enterTag(state, known);
      // An empty field leaves Enter to the form: it saves.
      if (tag === null) return;
      dispatch({ type: 'add', tag });
      e.preventDefault();
    } else if (e.key === 'Escape' && list.length > 0) {
      dispatch({ type: 'close' });
      e.preventDefault();
    } else if (e.key === 'Backspace' && state.query === '') {
      dispatch({ type: 'remove-last' });
    }
  };
  return (
    <div class="field tags-field">
      <label class="label" for="clip-tags">
        {t('tagsLabel')}
      </label>
      <div class="tags-box">
        {state.tags.length > 0 && (
          <ul class="tag-list" aria-label={t('tagsChosen')}>
            {state.tags.map((tag) => (
              <li key={tag} class="tag">
                <span>{tag}</span>
                <button
                  type="button"
                  class="tag-remove"
                  aria-label={t('tagRemove', tag)}
                  onClick={() => dispatch({ type: 'remove', tag })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id="clip-tags"
          type="text"
          {...COMBOBOX}
          aria-expanded={list.length > 0}
          aria-controls="clip-tag-options"
          aria-autocomplete="list"
          aria-activedescendant={
            state.active >= 0 && list.length > 0 ? optionId(state.active) : undefined
          }
          autocomplete="off"
          placeholder={state.tags.length ? '' : t('tagsPlaceholder')}
          value={state.query}
          maxLength={100}
          onInput={(e) => dispatch({ type: 'typed', query: e.currentTarget.value })}
          onFocus={() => state.query === '' || dispatch({ type: 'typed', query: state.query })}
          onBlur={() => dispatch({ type: 'close' })}
          onKeyDown={onKeyDown}
        />
      </div>
      {list.length > 0 && (
        <ul
          class="listbox tag-options"
          role="listbox"
          id="clip-tag-options"
          aria-label={t('tagsSuggested')}
        >
          {list.map((tag, i) => (
            <li
              key={tag}
              id={optionId(i)}
              role="option"
              aria-selected={i === state.active}
              class={`option${i === state.active ? ' active' : ''}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                dispatch({ type: 'add', tag });
              }}
            >
              <span class="option-title">{tag}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
