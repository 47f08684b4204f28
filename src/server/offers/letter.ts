import { letterMarkdown } from './letter-markdown.ts';
import { fillOfferLetter, offerPlaceholderValues, type OfferLetterFacts } from '../../lib/offers/offer.ts';
import { siteConfig } from '../../lib/site-config.ts';

/**
 * The offer letter as the candidate reads it (issue 54): the template's Markdown filled with the
 * offer's values, shown as HTML on the offer's page and the candidate's page, and printed in the
 * PDF (pdf.ts) from the same Markdown, so the preview is exactly what the candidate reads.
 */

/** The letter's HTML (safe to print as is). */
export const letterHtml = (letterText: string) => letterMarkdown.render(letterText);

/** An offer's letter, with placeholders, and what fills them. */
export type LetterSource = OfferLetterFacts & { letter: string };

/** The letter's Markdown with every placeholder filled, as the candidate reads it. */
export function letterText(source: LetterSource): string {
  return fillOfferLetter(source.letter, offerPlaceholderValues({ ...source, company: siteConfig.name }));
}

/** The PDF's title line. */
export const letterTitle = (positionTitle: string) => `Offer of employment: ${positionTitle}`;
