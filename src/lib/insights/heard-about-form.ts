import { z } from 'zod/mini';
import { textField } from '../forms.ts';

/**
 * The answers of the apply form's "How did you hear about us?" select, as an admin edits them
 * (the editor and its action; the apply form needs none of it).
 */
export const MAX_HEARD_ABOUT_OPTIONS = 20;

export const heardAboutMessages = {
  option: 'Each answer needs 1 to 80 characters.',
  tooMany: `Keep it to ${MAX_HEARD_ABOUT_OPTIONS} answers or fewer.`,
  duplicate: 'Each answer can appear only once.',
  saved: 'The answers are saved. The apply form shows them now.',
} as const;

/** One answer per line in the editor; blank lines are dropped, order is kept. */
export const heardAboutFormSchema = z.object({
  options: z.array(textField(z.trim(), z.minLength(1, heardAboutMessages.option), z.maxLength(80, heardAboutMessages.option))).check(
    z.maxLength(MAX_HEARD_ABOUT_OPTIONS, heardAboutMessages.tooMany),
    z.refine((options) => new Set(options.map((option) => option.toLowerCase())).size === options.length, heardAboutMessages.duplicate),
  ),
});

export function optionsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
