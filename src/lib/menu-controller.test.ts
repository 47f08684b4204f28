import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuController, menuTimings } from './menu-controller';

describe('MenuController', () => {
  let menu: MenuController;
  beforeEach(() => {
    vi.useFakeTimers();
    menu = new MenuController();
  });
  afterEach(() => {
    menu.dispose();
    vi.useRealTimers();
  });

  it('uses the spec timings: open 200 ms, skip 300 ms, close 150 ms', () => {
    expect(menuTimings).toEqual({ openDelay: 200, skipDelay: 300, closeDelay: 150 });
  });

  it('opens on hover after the open delay, not before', () => {
    menu.pointerEnterTrigger('solutions');
    vi.advanceTimersByTime(199);
    expect(menu.openId).toBeNull();
    vi.advanceTimersByTime(1);
    expect(menu.openId).toBe('solutions');
  });

  it('does not open when the pointer leaves before the delay', () => {
    menu.pointerEnterTrigger('solutions');
    vi.advanceTimersByTime(150);
    menu.pointerLeave('solutions');
    vi.advanceTimersByTime(500);
    expect(menu.openId).toBeNull();
  });

  it('closes 150 ms after the pointer leaves; coming back in time keeps it open', () => {
    menu.toggle('services');
    menu.pointerLeave('services');
    vi.advanceTimersByTime(100);
    menu.pointerEnterPanel();
    vi.advanceTimersByTime(500);
    expect(menu.openId).toBe('services');

    menu.pointerLeave('services');
    vi.advanceTimersByTime(149);
    expect(menu.openId).toBe('services');
    vi.advanceTimersByTime(1);
    expect(menu.openId).toBeNull();
  });

  it('switches at once between groups while one is open', () => {
    menu.toggle('solutions');
    menu.pointerEnterTrigger('company');
    expect(menu.openId).toBe('company');
  });

  it('opens at once within the skip delay after a close, and waits again after it', () => {
    menu.toggle('solutions');
    menu.close();
    vi.advanceTimersByTime(299);
    menu.pointerEnterTrigger('services');
    expect(menu.openId).toBe('services');

    menu.close();
    vi.advanceTimersByTime(300);
    menu.pointerEnterTrigger('resources');
    expect(menu.openId).toBeNull();
    vi.advanceTimersByTime(200);
    expect(menu.openId).toBe('resources');
  });

  it('a click toggles at once, and a click-closed group does not reopen on hover until left', () => {
    menu.toggle('company');
    expect(menu.openId).toBe('company');
    menu.toggle('company');
    expect(menu.openId).toBeNull();
    menu.pointerEnterTrigger('company');
    vi.advanceTimersByTime(1000);
    expect(menu.openId).toBeNull();

    menu.pointerLeave('company');
    vi.advanceTimersByTime(1000);
    menu.pointerEnterTrigger('company');
    vi.advanceTimersByTime(200);
    expect(menu.openId).toBe('company');
  });

  it('a click on a group that hovering opened keeps it open; the next click closes it', () => {
    menu.pointerEnterTrigger('solutions');
    vi.advanceTimersByTime(200);
    menu.toggle('solutions');
    expect(menu.openId).toBe('solutions');
    menu.toggle('solutions');
    expect(menu.openId).toBeNull();

    // The same when hovering switched from another open group.
    menu.toggle('services');
    menu.pointerEnterTrigger('company');
    menu.toggle('company');
    expect(menu.openId).toBe('company');
  });

  it('a click cancels a pending hover open of another group', () => {
    menu.pointerEnterTrigger('solutions');
    menu.toggle('company');
    vi.advanceTimersByTime(500);
    expect(menu.openId).toBe('company');
  });

  it('tells subscribers about every change, once', () => {
    const seen: (string | null)[] = [];
    menu.subscribe((id) => seen.push(id));
    menu.toggle('solutions');
    menu.open('solutions');
    menu.close();
    menu.close();
    expect(seen).toEqual(['solutions', null]);
  });
});
