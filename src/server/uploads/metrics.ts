import { domainCounter } from '../metrics.ts';

export type UploadOutcome = 'accepted' | 'invalid' | 'cross-site' | 'too-large' | 'wrong-type' | 'rate-limited' | 'unavailable' | 'failed';

/** Uploads by outcome (helixpoint_uploads_total): the uploads domain's own metric. */
export const uploadsCounter = domainCounter<'outcome'>(
  'helixpoint_uploads_total',
  'Uploads by outcome: accepted, or the reason they were refused.',
  ['outcome'],
);

/** The outcome an upload answer stands for, by its status. */
export function uploadOutcome(status: number): UploadOutcome {
  switch (status) {
    case 201:
      return 'accepted';
    case 403:
      return 'cross-site';
    case 413:
      return 'too-large';
    case 415:
      return 'wrong-type';
    case 429:
      return 'rate-limited';
    case 503:
      return 'unavailable';
    default:
      return status < 500 ? 'invalid' : 'failed';
  }
}
