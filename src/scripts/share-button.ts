/**
 * The blog post's Share button, without a React island or the toast code (the post page keeps to
 * the JavaScript budget): the system share sheet where there is one (phones, some desktops),
 * otherwise the link is copied and the button's status line says so.
 */
async function share(button: HTMLElement): Promise<void> {
  const url = button.dataset['shareUrl']!;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: button.dataset['shareTitle'], url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  const status = button.parentElement?.querySelector('[role="status"]');
  try {
    await navigator.clipboard.writeText(url);
    if (status) status.textContent = 'Link copied';
  } catch {
    if (status) status.textContent = `Could not copy the link: ${url}`;
  }
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-share-url]') : null;
  if (button) void share(button);
});
