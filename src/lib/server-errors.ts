/** What a visitor reads when the site cannot answer: one text for the pages (ServerError) and the API (src/server/failures.ts). */
export const serverErrorTexts = {
  unavailable: 'This page is briefly unavailable while our systems restart. Please try again in a minute.',
  fault: 'An unexpected error stopped this page from loading. Please try again; if it keeps happening, contact us.',
  /** A fault's answer from an endpoint or action, with the reference that finds its log line. */
  faultWithReference: (reference: string) =>
    `Something went wrong on our side. Please try again; if it keeps happening, contact us and quote reference ${reference}.`,
} as const;
