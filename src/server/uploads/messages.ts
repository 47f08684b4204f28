/**
 * What the upload endpoint answers that only the server says: the forms show an answer's message
 * as it comes, so these texts stay out of the browser's code (the apply page has a byte budget).
 * The messages the forms say themselves are in src/lib/uploads.ts.
 */
export const uploadRefusals = {
  rateLimited: 'Too many uploads from your network. Please wait a few minutes and try again.',
  unavailable: 'Uploads are unavailable for a moment. Nothing was stored; please try again in a minute.',
  quota:
    'You have sent several files that are not part of an application or message yet. Please send your form, or try again in a few hours.',
} as const;
