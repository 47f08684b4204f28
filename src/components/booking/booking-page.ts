/**
 * The booking pages' one script, without React (Book a Meeting, an interview invitation, a
 * booking's own page). Each part improves a page that works without it:
 *
 * - the visitor's own zone on their first visit (the server cannot know it; without this script the
 *   page shows the company's zone). A zone chosen later is applied with the form's button, not on
 *   every change of the select (which a keyboard's arrow keys would fire at each step);
 * - choosing another day shows its times in place, with focus on them, instead of loading the page
 *   again at its top (issue 51): the day's own address is fetched and its times swapped in; what
 *   was typed in the form stays. The days are one stop of the Tab key, moved through with arrows;
 * - a heading marked data-focus-on-load (the booked page's) takes focus, so a screen reader starts
 *   at the confirmation and a keyboard goes on from there.
 */

const zoneForm = document.querySelector<HTMLFormElement>('[data-zone-form][data-detect]');
if (zoneForm) {
  const select = zoneForm.querySelector<HTMLSelectElement>('select[name="tz"]')!;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (browserZone && browserZone !== select.value && [...select.options].some((option) => option.value === browserZone)) {
    const url = new URL(location.href);
    url.searchParams.set('tz', browserZone);
    location.replace(url);
  }
}

const dayControls = (picker: Element) => [...picker.querySelectorAll<HTMLElement>('[data-picker-day]')];
const isCurrent = (control: HTMLElement) =>
  control.getAttribute('aria-current') === 'date' || control.getAttribute('aria-pressed') === 'true';

/** One Tab stop for the days (the current one), the arrows and Home/End moving between them. */
function rove(picker: Element) {
  const controls = dayControls(picker);
  const current = controls.find(isCurrent) ?? controls[0];
  for (const control of controls) control.tabIndex = control === current ? 0 : -1;
}

async function showDay(picker: HTMLElement, href: string) {
  picker.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(String(response.status));
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('[data-time-picker]');
    if (!fresh) throw new Error('no times');
    // Only the picker is replaced: the rest of the form (a name, an e-mail address) keeps what was typed.
    const next = document.importNode(fresh, true) as HTMLElement;
    picker.replaceWith(next);
    rove(next);
    // The address names the day shown, as the page without this script would (a reload keeps it),
    // and so does the time zone's form (another zone keeps this day).
    history.replaceState(null, '', href);
    const day = new URL(href, location.href).searchParams.get('day');
    const dayField = document.querySelector<HTMLInputElement>('[data-zone-form] input[name="day"]');
    if (day && dayField) dayField.value = day;
    (next.querySelector<HTMLInputElement>('input[type="radio"]') ?? next.querySelector<HTMLElement>('[data-picker-day]'))?.focus();
  } catch {
    // Offline or refused: the ordinary way, the day's own page.
    location.assign(href);
  }
}

document.addEventListener('click', (event) => {
  const control = (event.target as Element).closest<HTMLElement>('[data-picker-day]');
  const picker = control?.closest<HTMLElement>('[data-time-picker]');
  if (!control || !picker || event.defaultPrevented || (event as MouseEvent).button > 0) return;
  if (event instanceof MouseEvent && (event.metaKey || event.ctrlKey || event.shiftKey)) return;
  event.preventDefault();
  void showDay(picker, control.dataset.pickerDay!);
});

document.addEventListener('keydown', (event) => {
  const control = (event.target as Element).closest<HTMLElement>('[data-picker-day]');
  const picker = control?.closest('[data-time-picker]');
  if (!control || !picker) return;
  const controls = dayControls(picker);
  const at = controls.indexOf(control);
  const to =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? Math.min(at + 1, controls.length - 1)
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? Math.max(at - 1, 0)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? controls.length - 1
            : null;
  if (to === null) return;
  event.preventDefault();
  for (const each of controls) each.tabIndex = -1;
  controls[to]!.tabIndex = 0;
  controls[to]!.focus();
});

for (const picker of document.querySelectorAll('[data-time-picker]')) rove(picker);

document.querySelector<HTMLElement>('[data-focus-on-load]')?.focus();

// Tests and tools wait for this rather than guessing when the page became interactive.
document.documentElement.dataset.booking = 'ready';
