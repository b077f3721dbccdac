import { describe, expect, it } from 'vitest';
import { globalKeyAction, listMove } from '../../lib/ui/keyboard';

const key = (
  k: string,
  target: { tagName: string; type?: string } | null,
  mods: Partial<
    Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'defaultPrevented', boolean>
  > = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...mods,
  target: target as unknown as EventTarget,
});

describe('globalKeyAction', () => {
  it('saves on Enter in a one-line field but not in a text area', () => {
    expect(globalKeyAction(key('Enter', { tagName: 'INPUT', type: 'text' }))).toBe('save');
    expect(globalKeyAction(key('Enter', { tagName: 'TEXTAREA' }))).toBeNull();
    expect(globalKeyAction(key('Enter', { tagName: 'INPUT', type: 'radio' }))).toBeNull();
    expect(globalKeyAction(key('Enter', { tagName: 'BUTTON' }))).toBeNull();
  });

  it('saves on Ctrl+Enter or Cmd+Enter anywhere', () => {
    expect(globalKeyAction(key('Enter', { tagName: 'TEXTAREA' }, { ctrlKey: true }))).toBe('save');
    expect(globalKeyAction(key('Enter', { tagName: 'TEXTAREA' }, { metaKey: true }))).toBe('save');
    expect(globalKeyAction(key('Enter', { tagName: 'TEXTAREA' }, { shiftKey: true }))).toBeNull();
  });

  it('closes on Escape, and stays out of keys a control already handled', () => {
    expect(globalKeyAction(key('Escape', null))).toBe('close');
    expect(globalKeyAction(key('Escape', null, { defaultPrevented: true }))).toBeNull();
    expect(
      globalKeyAction(key('Enter', { tagName: 'INPUT' }, { defaultPrevented: true })),
    ).toBeNull();
  });
});

describe('listMove', () => {
  it('moves within bounds', () => {
    expect(listMove('ArrowDown', 0, 3)).toBe(1);
    expect(listMove('ArrowDown', 2, 3)).toBe(2);
    expect(listMove('ArrowUp', 0, 3)).toBe(0);
    expect(listMove('End', 0, 3)).toBe(2);
    expect(listMove('Home', 2, 3)).toBe(0);
    expect(listMove('x', 0, 3)).toBeNull();
    expect(listMove('ArrowDown', 0, 0)).toBeNull();
  });
});
