// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountConfirmation } from '../../components/page-confirmation';
import type { ConfirmationView } from '../../lib/messaging/confirmation';

const view = (over: Partial<ConfirmationView> = {}): ConfirmationView => ({
  tone: 'progress',
  message: 'Saving to “Reading”…',
  undo: 'available',
  undoLabel: 'Undo',
  closeLabel: 'Close',
  label: 'Pageclip',
  ...over,
});

function mount(first = view()) {
  const actions = { onUndo: vi.fn(), onClose: vi.fn() };
  const handle = mountConfirmation(document, { view: first, dismissAfterMs: 5_000 }, actions);
  const $ = (selector: string) => handle.root.querySelector(selector) as HTMLElement;
  return { handle, actions, $ };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('mountConfirmation', () => {
  it('renders in a closed shadow root, as text only, as a live status', () => {
    const { handle, $ } = mount(view({ message: '<img src=x onerror=alert(1)> Added' }));
    expect(document.querySelector('pageclip-confirmation')).toBe(handle.host);
    expect(handle.host.shadowRoot).toBeNull();
    expect($('.message').textContent).toBe('<img src=x onerror=alert(1)> Added');
    expect(handle.root.querySelector('img')).toBeNull();
    expect($('.message').getAttribute('role')).toBe('status');
    expect($('.message').getAttribute('aria-live')).toBe('polite');
    expect($('.close').getAttribute('aria-label')).toBe('Close');
  });

  it('asks for Undo only while it is available', () => {
    const { handle, actions, $ } = mount();
    $('.undo').click();
    expect(actions.onUndo).toHaveBeenCalledTimes(1);
    handle.update(view({ undo: 'busy', message: 'Undoing…' }));
    expect(($('.undo') as HTMLButtonElement).disabled).toBe(true);
    $('.undo').click();
    handle.update(view({ undo: 'hidden', tone: 'done', message: 'Undone' }));
    expect($('.undo').hidden).toBe(true);
    expect(actions.onUndo).toHaveBeenCalledTimes(1);
  });

  it('dismisses itself after its last change, but not while hovered, focused or undoing', () => {
    const { handle, actions, $ } = mount();
    vi.advanceTimersByTime(4_000);
    handle.update(view({ tone: 'done', message: 'Added' }));
    vi.advanceTimersByTime(4_000);
    expect(handle.host.isConnected).toBe(true);

    $('.card').dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(60_000);
    expect(handle.host.isConnected).toBe(true);
    $('.card').dispatchEvent(new Event('pointerleave'));

    $('.undo').focus();
    $('.card').dispatchEvent(new FocusEvent('focusin'));
    vi.advanceTimersByTime(60_000);
    expect(handle.host.isConnected).toBe(true);
    $('.card').dispatchEvent(new FocusEvent('focusout', { relatedTarget: null }));

    handle.update(view({ undo: 'busy' }));
    vi.advanceTimersByTime(60_000);
    expect(handle.host.isConnected).toBe(true);

    handle.update(view({ undo: 'hidden', message: 'Undone' }));
    vi.advanceTimersByTime(5_000);
    expect(handle.host.isConnected).toBe(false);
    expect(actions.onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and on its close button', () => {
    const first = mount();
    first.$('.undo').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(first.handle.host.isConnected).toBe(false);
    expect(first.actions.onClose).toHaveBeenCalledTimes(1);

    const second = mount();
    second.$('.close').click();
    expect(second.handle.host.isConnected).toBe(false);
    expect(second.actions.onClose).toHaveBeenCalledTimes(1);
  });
});
