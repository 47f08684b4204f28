/**
 * The footer's inline script: the copyright year of the visitor's clock on prerendered pages.
 * It lives here, text only, so the Content-Security-Policy can hash it (src/integrations/csp.ts).
 */
export const currentYearScript =
  "document.querySelectorAll('[data-current-year]').forEach(function(e){e.textContent=new Date().getFullYear()})";
