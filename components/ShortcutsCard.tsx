import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../lib/ui/i18n';

interface Shortcut {
  name: string;
  description: string;
  shortcut: string;
}

/** The keyboard shortcuts as the browser has bound them (the user may have changed them). */
export function ShortcutsCard() {
  const [commands, setCommands] = useState<Shortcut[] | null>(null);
  useEffect(() => {
    browser.commands
      .getAll()
      .then((list) =>
        setCommands(
          list.map((c) => ({
            name: c.name ?? '',
            description: c.description ?? '',
            shortcut: c.shortcut ?? '',
          })),
        ),
      )
      .catch(() => setCommands([]));
  }, []);
  if (commands === null || commands.length === 0) return null;
  return (
    <section class="card" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('sectionShortcuts')}</h2>
      <dl class="shortcuts">
        {commands.map((c) => (
          <div key={c.name} class="shortcut">
            <dt>
              {c.shortcut ? (
                <kbd>{c.shortcut}</kbd>
              ) : (
                <span class="muted">{t('shortcutNone')}</span>
              )}
            </dt>
            <dd>
              {c.description || (c.name === '_execute_action' ? t('commandOpenPopup') : c.name)}
            </dd>
          </div>
        ))}
      </dl>
      <p class="hint">{t('shortcutsHint')}</p>
    </section>
  );
}
