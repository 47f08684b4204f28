/** Back to the previous page of this site; a visitor who arrived from elsewhere (or directly) goes home. */
export function goBack(): void {
  const cameFromThisSite = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  if (cameFromThisSite && window.history.length > 1) window.history.back();
  else window.location.assign('/');
}
