/**
 * Open/close timing of the desktop navigation groups, free of React and the DOM so it can be
 * tested with fake timers. The rules are the spec's (section 2 and 9), matching Radix
 * NavigationMenu's semantics, which we measured too heavy for the page budget (docs/decisions/002):
 *
 * - hovering a trigger opens its group after `openDelay` (200 ms);
 * - while a group is open, hovering another trigger switches at once;
 * - for `skipDelay` (300 ms) after a group closed, hovering a trigger opens at once;
 * - leaving the trigger and its panel closes the group after `closeDelay` (150 ms); coming back
 *   in time cancels that;
 * - a click toggles at once; after a click closed a group, hovering the same trigger does not
 *   reopen it until the pointer has left it;
 * - a click on a group that hovering opened keeps it open (the pointer reaches a trigger, the
 *   group opens, then the click lands: closing it then would undo what the user asked for).
 */

export interface MenuTimings {
  openDelay: number;
  skipDelay: number;
  closeDelay: number;
}

export const menuTimings: MenuTimings = { openDelay: 200, skipDelay: 300, closeDelay: 150 };

type Listener = (openId: string | null) => void;

export class MenuController {
  #openId: string | null = null;
  #openTimer: ReturnType<typeof setTimeout> | undefined;
  #closeTimer: ReturnType<typeof setTimeout> | undefined;
  #skipTimer: ReturnType<typeof setTimeout> | undefined;
  /** False during the skip window: the next hover opens without waiting. */
  #openIsDelayed = true;
  #clickClosedId: string | null = null;
  #openedByHover = false;
  readonly #listeners = new Set<Listener>();
  readonly #timings: MenuTimings;

  constructor(timings: MenuTimings = menuTimings) {
    this.#timings = timings;
  }

  get openId(): string | null {
    return this.#openId;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The mouse entered a group's trigger. */
  pointerEnterTrigger(id: string): void {
    if (this.#clickClosedId === id) return;
    this.#cancelClose();
    if (this.#openId === id) return;
    clearTimeout(this.#openTimer);
    if (this.#openId !== null || !this.#openIsDelayed) {
      this.#set(id, true);
    } else {
      this.#openTimer = setTimeout(() => this.#set(id, true), this.#timings.openDelay);
    }
  }

  /** The mouse entered an open group's panel. */
  pointerEnterPanel(): void {
    this.#cancelClose();
  }

  /** The mouse left a trigger or a panel. */
  pointerLeave(id: string): void {
    if (this.#clickClosedId === id) this.#clickClosedId = null;
    clearTimeout(this.#openTimer);
    if (this.#openId === null) return;
    this.#cancelClose();
    this.#closeTimer = setTimeout(() => this.#set(null), this.#timings.closeDelay);
  }

  /** A click, Enter or Space on a trigger. */
  toggle(id: string): void {
    clearTimeout(this.#openTimer);
    this.#cancelClose();
    if (this.#openId === id && this.#openedByHover) {
      this.#openedByHover = false;
    } else if (this.#openId === id) {
      this.#clickClosedId = id;
      this.#set(null);
    } else {
      this.#clickClosedId = null;
      this.#set(id);
    }
  }

  open(id: string): void {
    clearTimeout(this.#openTimer);
    this.#cancelClose();
    this.#set(id);
  }

  /** Escape, a click outside, focus leaving the menu, or a link chosen. */
  close(): void {
    clearTimeout(this.#openTimer);
    this.#cancelClose();
    this.#set(null);
  }

  dispose(): void {
    clearTimeout(this.#openTimer);
    clearTimeout(this.#closeTimer);
    clearTimeout(this.#skipTimer);
    this.#listeners.clear();
  }

  #cancelClose(): void {
    clearTimeout(this.#closeTimer);
    this.#closeTimer = undefined;
  }

  #set(id: string | null, byHover = false): void {
    if (this.#openId === id) return;
    this.#openedByHover = byHover;
    const wasOpen = this.#openId !== null;
    this.#openId = id;
    if (id !== null) {
      clearTimeout(this.#skipTimer);
      this.#openIsDelayed = false;
    } else if (wasOpen) {
      clearTimeout(this.#skipTimer);
      this.#skipTimer = setTimeout(() => {
        this.#openIsDelayed = true;
      }, this.#timings.skipDelay);
    }
    for (const listener of this.#listeners) listener(id);
  }
}
