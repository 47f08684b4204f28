/**
 * The booking pages' one script, without React: the visitor's own zone on their first visit (the
 * server cannot know it; without this script the page shows the company's zone and still works).
 * A zone chosen later is applied with the form's button, not on every change of the select (which
 * a keyboard's arrow keys would fire at each step).
 */
const form = document.querySelector<HTMLFormElement>('[data-zone-form][data-detect]');
if (form) {
  const select = form.querySelector<HTMLSelectElement>('select[name="tz"]')!;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (browserZone && browserZone !== select.value && [...select.options].some((option) => option.value === browserZone)) {
    const url = new URL(location.href);
    url.searchParams.set('tz', browserZone);
    location.replace(url);
  }
}
