import type { Template } from '../lib/templates/schema';
import { t } from '../lib/ui/i18n';
import type { DestinationProblem } from '../lib/ui/use-clip-template';

/**
 * Which template the clip uses (docs/templates.md): the one a rule picked is named as such, and
 * the user can switch to another or to none. Shown only when there are templates.
 */
export function TemplatePicker(props: {
  templates: Template[];
  template: Template | null;
  ruled: Template | null;
  problem: DestinationProblem | null;
  onChange: (id: string | null) => void;
}) {
  if (props.templates.length === 0) return null;
  const { template, ruled, problem } = props;
  return (
    <div class="field template-field">
      <div class="label-row">
        <label class="label" for="clip-template">
          {t('templateLabel')}
        </label>
        <span class="hint" id="clip-template-why">
          {template && template.id === ruled?.id ? t('templateByRule') : ''}
        </span>
      </div>
      <select
        id="clip-template"
        aria-describedby="clip-template-why"
        value={template?.id ?? ''}
        onChange={(e) => props.onChange(e.currentTarget.value || null)}
      >
        <option value="">{t('templateNone')}</option>
        {props.templates.map((tpl) => (
          <option key={tpl.id} value={tpl.id}>
            {tpl.name}
          </option>
        ))}
      </select>
      {problem && (
        <p class="hint warning" role="status">
          {problem.kind === 'folder'
            ? t('templateFolderMissing', problem.folder || '/')
            : t('templatePageMissing', problem.page)}
        </p>
      )}
    </div>
  );
}
