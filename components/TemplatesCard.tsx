import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { Template } from '../lib/templates/schema';
import { t } from '../lib/ui/i18n';
import {
  duplicateTemplate,
  moveTemplate,
  newTemplate,
  putTemplate,
  removeTemplate,
} from '../lib/ui/templates-editor';
import { TemplateEditor } from './TemplateEditor';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Templates in the options page (docs/templates.md): the list in rule order, with edit,
 * duplicate, move, delete, and the whole list exported to or imported from a JSON file.
 */
export function TemplatesCard() {
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [editing, setEditing] = useState<Template | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    sendToBackground('templates.get', {})
      .then((a) => setTemplates(a.templates))
      .catch((e: unknown) => setStatus({ ok: false, text: message(e) }));
  }, []);

  const store = (next: Template[], after?: () => void) =>
    sendToBackground('templates.set', { templates: next })
      .then((a) => {
        setTemplates(a.templates);
        setError(null);
        after?.();
      })
      .catch((e: unknown) =>
        after ? setError(message(e)) : setStatus({ ok: false, text: message(e) }),
      );

  const exportFile = async () => {
    const { text } = await sendToBackground('templates.export', {});
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'pageclip-templates.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const importFile = async (file: File) => {
    setStatus(null);
    const answer = await sendToBackground('templates.import', { text: await file.text() }).catch(
      (e: unknown) => ({ ok: false as const, error: message(e) }),
    );
    if (!answer.ok) return setStatus({ ok: false, text: answer.error });
    setTemplates(answer.templates);
    setStatus({ ok: true, text: t('templatesImported', answer.imported) });
  };

  if (templates === null) return null;
  const list = templates;
  return (
    <section class="card templates-card" aria-labelledby="templates-heading">
      <h2 id="templates-heading">{t('templatesHeading')}</h2>
      <p class="hint">{t('templatesIntro')}</p>
      {list.length === 0 ? (
        <p class="empty">{t('templatesEmpty')}</p>
      ) : (
        <ul class="template-list">
          {list.map((tpl, i) => (
            <li key={tpl.id} class="template-item">
              <span class="template-name">{tpl.name}</span>
              <span class="hint">{t('templateRuleCount', tpl.rules.length)}</span>
              <span class="actions">
                <button
                  type="button"
                  class="button small"
                  aria-label={t('templateEditNamed', tpl.name)}
                  onClick={() => setEditing(tpl)}
                >
                  {t('templateEdit')}
                </button>
                <button
                  type="button"
                  class="button small"
                  aria-label={t('templateDuplicateNamed', tpl.name)}
                  onClick={() =>
                    void store(
                      putTemplate(
                        list,
                        duplicateTemplate(tpl, crypto.randomUUID(), t('templateCopySuffix')),
                      ),
                    )
                  }
                >
                  {t('templateDuplicate')}
                </button>
                <button
                  type="button"
                  class="button small"
                  disabled={i === 0}
                  aria-label={t('templateUpNamed', tpl.name)}
                  onClick={() => void store(moveTemplate(list, tpl.id, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="button small danger"
                  aria-label={t('templateDeleteNamed', tpl.name)}
                  onClick={() => void store(removeTemplate(list, tpl.id))}
                >
                  {t('templateDelete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TemplateEditor
          key={editing.id}
          template={editing}
          error={error}
          onSave={(tpl) => void store(putTemplate(list, tpl), () => setEditing(null))}
          onCancel={() => {
            setEditing(null);
            setError(null);
          }}
        />
      )}
      <div class="actions">
        <button
          type="button"
          class="button"
          onClick={() => setEditing(newTemplate(crypto.randomUUID(), t('templateNewName')))}
        >
          {t('templateNew')}
        </button>
        <button
          type="button"
          class="button"
          onClick={() => void exportFile()}
          disabled={list.length === 0}
        >
          {t('templatesExport')}
        </button>
        <button type="button" class="button" onClick={() => fileInput.current?.click()}>
          {t('templatesImport')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          class="visually-hidden"
          aria-label={t('templatesImport')}
          tabIndex={-1}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {status && (
        <p class={status.ok ? 'hint' : 'error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </section>
  );
}
