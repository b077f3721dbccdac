/**
 * The "Where highlights go" half of the split Highlight control: a small ▾ button and the
 * popover it opens over the form (fixed, out of the popup's flow, so the clip form never moves).
 * On a page without a clip: "Clip this page first" (the default) or "Add to a page…" with the
 * folder and page pickers, remembered for the site, and "Forget for <site>". On a page with a
 * clip it says the highlights go there. Below, on any http(s) page, the site's "show my
 * highlights when this site loads" switch. The state lives in `lib/ui/highlight-destination.ts`.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Folder } from '../lib/messaging/library';
import {
  destinationMode,
  rememberedPage,
  type DestinationMode,
  type useHighlightDestination,
} from '../lib/ui/highlight-destination';
import { t } from '../lib/ui/i18n';
import { globalKeyAction } from '../lib/ui/keyboard';
import type { PopupData } from '../lib/ui/use-popup-data';
import { FolderPicker } from './FolderPicker';
import { HighlighterOnLoad } from './HighlighterOnLoad';
import { PagePicker } from './PagePicker';

const MODES: DestinationMode[] = ['clip', 'page'];
const POPOVER_ID = 'highlighter-destination';

/** The trigger's name and tooltip: where highlights go now. */
export function destinationSummary(d: ReturnType<typeof useHighlightDestination>): string {
  const page = rememberedPage(d.state);
  return page
    ? t('highlighterDestinationSummaryPage', page.title)
    : t('highlighterDestinationTrigger');
}

export function HighlighterDestination(props: {
  destination: ReturnType<typeof useHighlightDestination>;
  data: PopupData;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  /** Whether the site's highlights show on load; null where the browser cannot tell. */
  onLoad: boolean | null;
  changeOnLoad: (wanted: boolean) => void;
}) {
  const d = props.destination;
  const s = d.state;
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const open = s.phase === 'ready' && s.open;

  // Placed under the trigger, measured when it opens: fixed, it takes no room in the popup.
  useLayoutEffect(() => {
    if (open) setTop(Math.round(trigger.current?.getBoundingClientRect().bottom ?? 0) + 6);
  }, [open]);

  // Focus goes into the popover as it opens, and back into it when what held it went away
  // (a page picked: the pickers close), so Escape and Tab keep working from there.
  const chosenId = s.phase === 'ready' ? s.chosen?.pageId : undefined;
  const picking = s.phase === 'ready' && s.picking;
  useEffect(() => {
    const box = popover.current;
    if (!open || !box || box.contains(document.activeElement)) return;
    (box.querySelector<HTMLElement>('input[type="radio"]:checked') ?? box).focus();
  }, [open, chosenId, picking]);

  // A press outside the popover and its trigger closes it, as a menu does.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (popover.current?.contains(target) || trigger.current?.contains(target)) return;
      d.close();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  if (s.phase !== 'ready') return null;
  const summary = destinationSummary(d);
  const mode = destinationMode(s);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      // Only the popover closes, not the popup; focus goes back to where it came from.
      e.preventDefault();
      d.close();
      trigger.current?.focus();
    } else if (globalKeyAction(e) === 'save') {
      // Enter in the page search must not save the clip form under the popover.
      e.preventDefault();
    }
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        class={`button ghost small highlighter-destination-trigger${rememberedPage(s) ? ' chosen' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={s.open}
        aria-controls={POPOVER_ID}
        aria-label={summary}
        title={summary}
        onClick={d.toggle}
      >
        <span aria-hidden="true">▾</span>
      </button>
      {s.open && (
        <div
          ref={popover}
          id={POPOVER_ID}
          class="highlighter-destination"
          role="dialog"
          tabIndex={-1}
          aria-labelledby={`${POPOVER_ID}-title`}
          style={{ top: `${top}px`, maxHeight: `calc(100vh - ${top + 8}px)` }}
          onKeyDown={onKeyDown}
        >
          <h2 class="label" id={`${POPOVER_ID}-title`}>
            {t('highlighterDestinationTrigger')}
          </h2>
          {s.clipped ? (
            <p class="hint">{t('highlighterDestinationClipped')}</p>
          ) : (
            <>
              <fieldset class="highlighter-destination-modes" disabled={s.busy}>
                <legend class="visually-hidden">{t('highlighterDestinationLegend')}</legend>
                {MODES.map((value) => (
                  <label class="checkbox" key={value}>
                    <input
                      type="radio"
                      name="highlighter-destination"
                      value={value}
                      checked={mode === value}
                      onChange={() => d.setMode(value)}
                    />
                    {value === 'clip'
                      ? t('highlighterDestinationClipFirst')
                      : t('highlighterDestinationPage')}
                  </label>
                ))}
              </fieldset>
              {s.chosen && !s.picking && (
                <>
                  <p class="hint">
                    {t('highlighterDestinationRemembered', [s.site, s.chosen.title])}
                  </p>
                  <button
                    type="button"
                    class="button ghost small danger"
                    disabled={s.busy}
                    onClick={d.forget}
                  >
                    {t('highlighterDestinationForget', s.site)}
                  </button>
                </>
              )}
              {s.picking && (
                <>
                  <FolderPicker
                    idPrefix="highlighter"
                    folders={props.data.folders}
                    recent={props.data.recent.folders}
                    value={s.folderId}
                    refreshing={props.data.foldersRefreshing}
                    onChange={d.setFolder}
                    onCreate={props.onCreateFolder}
                  />
                  <PagePicker
                    idPrefix="highlighter"
                    folderId={s.folderId}
                    recent={props.data.recent.pages}
                    value={null}
                    operation="append"
                    onChange={d.pick}
                  />
                </>
              )}
            </>
          )}
          {props.onLoad !== null && (
            <HighlighterOnLoad checked={props.onLoad} onChange={props.changeOnLoad} />
          )}
          {s.error && (
            <p class="error" role="alert">
              {t('highlighterDestinationFailed', s.error)}
            </p>
          )}
        </div>
      )}
    </>
  );
}
