/**
 * Templates as a JSON file (docs/templates.md, Export and import): written with a format marker
 * and version, read back with the same schema as the settings. A file that does not parse
 * changes nothing and says why, naming the first field at fault.
 */
import { TEMPLATES_FILE_FORMAT, TemplatesFileSchema, MAX_TEMPLATES, type Template } from './schema';

export const MAX_TEMPLATES_FILE = 2_000_000;

export function exportTemplatesFile(templates: Template[]): string {
  return `${JSON.stringify({ format: TEMPLATES_FILE_FORMAT, version: 1, templates }, null, 2)}\n`;
}

export type TemplatesImport = { ok: true; templates: Template[] } | { ok: false; error: string };

export function parseTemplatesFile(text: string): TemplatesImport {
  if (text.length > MAX_TEMPLATES_FILE) return { ok: false, error: 'The file is too large.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The file is not JSON.' };
  }
  const marked = json as { format?: unknown } | null;
  if (!marked || typeof marked !== 'object' || marked.format !== TEMPLATES_FILE_FORMAT) {
    return { ok: false, error: 'The file is not a Pageclip templates export.' };
  }
  const parsed = TemplatesFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length ? issue.path.join('.') : 'the file';
    return { ok: false, error: `The file is not valid at ${at}: ${issue.message}.` };
  }
  return { ok: true, templates: parsed.data.templates };
}

/** Imported templates replace those with the same id and come after the others. */
export function mergeTemplates(current: Template[], imported: Template[]): TemplatesImport {
  const ids = new Set(imported.map((t) => t.id));
  const merged = [...current.filter((t) => !ids.has(t.id)), ...imported];
  if (merged.length > MAX_TEMPLATES) {
    return { ok: false, error: `Pageclip keeps at most ${MAX_TEMPLATES} templates.` };
  }
  return { ok: true, templates: merged };
}
