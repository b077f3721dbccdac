import { render } from '@testing-library/preact';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '../../../components/Popup';
import { startExtraction } from '../../../lib/ui/start-extraction';
import { installI18n } from '../../ui/fake-i18n';
import { installFakeBackground, type FakeBackground, type Handlers } from './fake-background';

/** Resets fakeBrowser, installs i18n and a fake background, then renders the popup as main.tsx does. */
export function renderPopup(handlers: Handlers = {}, setup?: (bg: FakeBackground) => void) {
  fakeBrowser.reset();
  return mountPopup(handlers, setup);
}

/**
 * The popup opened for one tab (`popup.html?tab=ID`, as the "Choose…" window is), whose
 * address the browser reports. Undo the address with `history.replaceState(null, '', '/')`.
 */
export async function renderPopupOnTab(url: string, handlers: Handlers = {}) {
  fakeBrowser.reset();
  const tab = await fakeBrowser.tabs.create({ url });
  history.replaceState(null, '', `?tab=${tab.id}`);
  return mountPopup(handlers);
}

function mountPopup(handlers: Handlers, setup?: (bg: FakeBackground) => void) {
  delete document.documentElement.dataset.ready;
  installI18n('en');
  const openOptionsPage = vi.fn(async () => undefined);
  (fakeBrowser.runtime as unknown as { openOptionsPage: unknown }).openOptionsPage =
    openOptionsPage;
  const bg = installFakeBackground(handlers);
  setup?.(bg);
  const close = vi.fn();
  const extraction = startExtraction();
  const view = render(<Popup extraction={extraction} close={close} />);
  return { ...view, bg, close, openOptionsPage };
}
