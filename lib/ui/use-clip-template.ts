/**
 * Runs templates and tags in the popup's clip form (docs/templates.md): loads the templates and
 * the known tags, applies the template the rules pick (or the one the user switches to) to each
 * extraction, moves the form to the template's destination once per choice, and gives the
 * properties and tags the clip carries at Save.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '../messaging/channel';
import type { KnownTag } from '../tags/known-tags';
import type { Template, TemplateDestination } from '../templates/schema';
import type { ClipFormAction, ClipFormState } from './clip-form';
import { applyTemplate, folderByPath, ruleTemplate, templateContext } from './clip-template';
import { initialTagInput, tagInputReducer, type TagInputAction } from './tag-input';
import type { PopupData } from './use-popup-data';
import type { SubmitInput } from './use-save';

export type DestinationProblem =
  { kind: 'folder'; folder: string } | { kind: 'page'; page: string };

export function useClipTemplate(
  form: ClipFormState,
  update: (action: ClipFormAction) => void,
  data: PopupData,
) {
  const [templates, setTemplates] = useState<Template[]>([]);
  const [knownTags, setKnownTags] = useState<KnownTag[]>([]);
  /** undefined: the rules decide; null: no template; else the id the user switched to. */
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<DestinationProblem | null>(null);
  const known = useRef(knownTags);
  known.current = knownTags;
  const [tags, dispatchTags] = useReducer(
    (s: typeof initialTagInput, a: TagInputAction) => tagInputReducer(s, a, known.current),
    initialTagInput,
  );

  useEffect(() => {
    sendToBackground('templates.get', {})
      .then((answer) => setTemplates(answer.templates))
      .catch(() => undefined);
    sendToBackground('tags.list', {})
      .then((answer) => setKnownTags(answer.tags))
      .catch(() => undefined);
  }, []);

  const answer = form.extraction?.ok ? form.extraction : null;
  const ruled = useMemo(
    () => (answer ? ruleTemplate(templates, answer) : null),
    [templates, answer],
  );
  const template = chosen === undefined ? ruled : (templates.find((t) => t.id === chosen) ?? null);
  const now = useMemo(() => new Date(), [answer]);
  const applied = useMemo(
    () => (template && answer ? applyTemplate(template, templateContext(answer, now)) : null),
    [template, answer, now],
  );

  // A restored draft is the user's own clip: the rules do not overwrite it, a switch does.
  const draftKept = useRef<boolean | null>(null);
  if (draftKept.current === null && answer) draftKept.current = form.edited;
  useEffect(() => {
    if (!applied || (draftKept.current && chosen === undefined)) return;
    update({ type: 'template-applied', title: applied.title, body: applied.body });
  }, [applied]);

  // The destination is applied once per template: afterwards the user's choice stands.
  const placedFor = useRef<string | null>(null);
  const foldersReady = data.folders.length > 0 || !data.foldersRefreshing;
  useEffect(() => {
    if (!template || placedFor.current === template.id || !foldersReady) return;
    if (draftKept.current && chosen === undefined) return;
    // The cached tree may predate the folder (made since the last refresh): while the
    // refresh runs, its answer decides, not the stale tree.
    const dest = template.destination;
    const waiting =
      dest.kind !== 'ask' &&
      data.foldersRefreshing &&
      folderByPath(dest.folder, data.folders) === undefined;
    if (waiting) return;
    placedFor.current = template.id;
    void place(dest);
  }, [template, foldersReady, data.folders, data.foldersRefreshing]);

  const place = async (dest: TemplateDestination) => {
    setProblem(null);
    if (dest.kind === 'ask') return;
    const folderId = folderByPath(dest.folder, data.folders);
    if (folderId === undefined) return setProblem({ kind: 'folder', folder: dest.folder });
    update({ type: 'folder-chosen', folderId });
    if (dest.kind === 'folder') return update({ type: 'target-chosen', target: 'new' });
    const found = await sendToBackground('pages.resolve', { title: dest.page, parentId: folderId })
      .then((a) => a.pages[0] ?? null)
      .catch(() => null);
    if (!found) return setProblem({ kind: 'page', page: dest.page });
    update({ type: 'target-chosen', target: 'existing' });
    update({ type: 'page-chosen', page: found });
    update({ type: 'operation-chosen', operation: dest.operation });
  };

  const choose = (id: string | null) => {
    placedFor.current = null;
    setChosen(id);
    if (id === null) setProblem(null);
    // Back to no template: the extraction as it came.
    if (id === null && answer) {
      update({
        type: 'template-applied',
        title: answer.result.title || answer.result.url,
        body: answer.result.body,
      });
    }
  };

  /** Read at the click: what the new page's frontmatter gets besides the extraction's. */
  const extra = (): Partial<SubmitInput> => ({
    ...(applied ? { properties: applied.properties } : {}),
    ...(tags.tags.length ? { tags: tags.tags } : {}),
  });

  return {
    templates,
    template,
    ruled,
    applied,
    problem,
    choose,
    tags,
    dispatchTags,
    knownTags,
    extra,
  };
}
