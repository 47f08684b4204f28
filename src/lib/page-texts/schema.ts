import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import { PAGE_TEXT_MAX } from './texts.ts';

/** The page texts editor's commands (issue 34); each text's own rule is the server's (savePageTexts names the field). */
const page = z.string().check(z.regex(/^[a-z0-9/-]{1,120}$/));
const version = z.number().check(z.int(), z.positive());

export const savePageTextsSchema = z.object({
  page,
  version,
  texts: z.record(z.string().check(z.regex(/^[A-Za-z0-9_.]{1,200}$/)), textField(z.maxLength(PAGE_TEXT_MAX + 1000))),
});
export const publishPageTextsSchema = z.object({ page, version });
export const pageRevisionSchema = z.object({ page, revisionId: z.uuid() });
export const pageKeySchema = z.object({ page });
