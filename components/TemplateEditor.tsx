import { useState } from 'preact/hooks';
import { templateProblems } from '../lib/templates/render';
import { PROPERTY_TYPES } from '../lib/templates/property-types';
import type { PropertyType, Template, TemplateDestination } from '../lib/templates/schema';
import { t } from '../lib/ui/i18n';
import { rulesFromText, rulesToText } from '../lib/ui/templates-editor';

const typeLabel = (type: PropertyType) =>
  ({
    text: t('propertyText'),
    list: t('propertyList'),
    date: t('propertyDate'),
    number: t('propertyNumber'),
    checkbox: t('propertyCheckbox'),
  })[type];

/**
 * One template's fields: name, rules, destination, title, properties and body. Variables and
 * filters are checked as the user types (docs/templates.md); the background checks the whole
 * template again when it is saved.
 */
export function TemplateEditor(props: {
  template: Template;
  error: string | null;
  onSave: (template: Template) => void;
  onCancel: () => void;
}) {
  const [tpl, setTpl] = useState(props.template);
  const [rules, setRules] = useState(rulesToText(props.template.rules));
  const set = (patch: Partial<Template>) => setTpl({ ...tpl, ...patch });
  const dest = tpl.destination;
  const setDest = (next: TemplateDestination) => set({ destination: next });
  const folder = dest.kind === 'ask' ? '' : dest.folder;
  const problems = templateProblems(tpl);
  const setProperty = (i: number, patch: Partial<Template['properties'][number]>) =>
    set({ properties: tpl.properties.map((p, j) => (j === i ? { ...p, ...patch } : p)) });

  return (
    <form
      class="template-editor"
      aria-labelledby="template-editor-heading"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave({ ...tpl, rules: rulesFromText(rules) });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      <h3 id="template-editor-heading">{t('templateEditing', tpl.name)}</h3>
      <label class="field">
        <span class="label">{t('templateName')}</span>
        <input
          type="text"
          value={tpl.name}
          maxLength={100}
          onInput={(e) => set({ name: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span class="label">{t('templateRules')}</span>
        <textarea
          rows={3}
          value={rules}
          spellcheck={false}
          placeholder="*.example.com/blog/*&#10;schema:Recipe"
          onInput={(e) => setRules(e.currentTarget.value)}
        />
        <span class="hint">{t('templateRulesHint')}</span>
      </label>
      <fieldset class="field">
        <legend class="label">{t('templateDestination')}</legend>
        <select
          aria-label={t('templateDestination')}
          value={dest.kind}
          onChange={(e) => {
            const kind = e.currentTarget.value;
            if (kind === 'ask') setDest({ kind: 'ask' });
            else if (kind === 'folder') setDest({ kind: 'folder', folder });
            else
              setDest({
                kind: 'page',
                folder,
                page: dest.kind === 'page' ? dest.page : '',
                operation: 'append',
              });
          }}
        >
          <option value="ask">{t('templateDestAsk')}</option>
          <option value="folder">{t('templateDestFolder')}</option>
          <option value="page">{t('templateDestPage')}</option>
        </select>
        {dest.kind !== 'ask' && (
          <label class="field">
            <span class="label">{t('templateFolderPath')}</span>
            <input
              type="text"
              value={folder}
              placeholder="Reading/Articles"
              onInput={(e) => setDest({ ...dest, folder: e.currentTarget.value })}
            />
          </label>
        )}
        {dest.kind === 'page' && (
          <label class="field">
            <span class="label">{t('templatePageTitle')}</span>
            <input
              type="text"
              value={dest.page}
              onInput={(e) => setDest({ ...dest, page: e.currentTarget.value })}
            />
          </label>
        )}
      </fieldset>
      <label class="field">
        <span class="label">{t('templateTitle')}</span>
        <input
          type="text"
          value={tpl.title}
          spellcheck={false}
          onInput={(e) => set({ title: e.currentTarget.value })}
        />
      </label>
      <fieldset class="field">
        <legend class="label">{t('templateProperties')}</legend>
        {tpl.properties.map((p, i) => (
          <div class="property-row" key={i}>
            <input
              type="text"
              aria-label={t('propertyName')}
              placeholder={t('propertyName')}
              value={p.name}
              onInput={(e) => setProperty(i, { name: e.currentTarget.value })}
            />
            <select
              aria-label={t('propertyType')}
              value={p.type}
              onChange={(e) => setProperty(i, { type: e.currentTarget.value as PropertyType })}
            >
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
            <input
              type="text"
              aria-label={t('propertyValue')}
              placeholder="{{meta:og:type}}"
              spellcheck={false}
              value={p.value}
              onInput={(e) => setProperty(i, { value: e.currentTarget.value })}
            />
            <button
              type="button"
              class="button small"
              aria-label={t('propertyRemove', p.name)}
              onClick={() => set({ properties: tpl.properties.filter((_, j) => j !== i) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          class="button small"
          onClick={() =>
            set({ properties: [...tpl.properties, { name: '', type: 'text', value: '' }] })
          }
        >
          {t('propertyAdd')}
        </button>
      </fieldset>
      <label class="field">
        <span class="label">{t('templateBody')}</span>
        <textarea
          rows={4}
          value={tpl.body}
          spellcheck={false}
          onInput={(e) => set({ body: e.currentTarget.value })}
        />
      </label>
      {problems.length > 0 && (
        <ul class="hint warning" aria-live="polite">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="button primary">
          {t('templateSave')}
        </button>
        <button type="button" class="button" onClick={props.onCancel}>
          {t('templateCancel')}
        </button>
      </div>
    </form>
  );
}
