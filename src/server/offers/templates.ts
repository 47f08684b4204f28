import { asc, eq } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { UNIQUE_VIOLATION, violates } from '../db/errors.ts';
import { offerTemplates } from '../db/schema.ts';
import { standardOfferLetter, type OfferTemplateInput } from '../../lib/offers/offer.ts';

/**
 * The offer letter templates admins keep (issue 54): named Markdown letters with the offer
 * placeholders. Until one is kept, offers start from the standard letter (lib/offers/offer.ts).
 * An offer copies its template's text when drafted, so a later edit changes no offer.
 */

export const offerTemplateMessages = {
  taken: 'A template of that name exists: choose another name',
  gone: 'This template no longer exists',
} as const;

export interface OfferTemplate {
  id: string;
  name: string;
  body: string;
  updatedAt: Date;
  updatedByEmail: string | null;
}

const templatesByName = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select({
      id: offerTemplates.id,
      name: offerTemplates.name,
      body: offerTemplates.body,
      updatedAt: offerTemplates.updatedAt,
      updatedByEmail: offerTemplates.updatedByEmail,
    })
    .from(offerTemplates)
    .orderBy(asc(offerTemplates.name))
    .prepare(''),
);

export async function listOfferTemplates(db: Pick<Database, 'select'>): Promise<OfferTemplate[]> {
  return templatesByName(db).execute();
}

/** The text a new offer starts from: the chosen template's, or the standard letter's when none is chosen (or it is gone). */
export async function letterOfTemplate(
  db: Pick<Database, 'select'>,
  templateId: string | null,
): Promise<{ id: string | null; body: string }> {
  if (templateId) {
    const [template] = await db
      .select({ id: offerTemplates.id, body: offerTemplates.body })
      .from(offerTemplates)
      .where(eq(offerTemplates.id, templateId));
    if (template) return template;
  }
  return { id: null, body: standardOfferLetter.body };
}

/** Adds a template, or changes one; audited. Returns its id. */
export async function saveOfferTemplate(
  db: Database,
  actor: Actor,
  input: Required<Pick<OfferTemplateInput, 'name' | 'body'>> & { id?: string | undefined },
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [row] = input.id
        ? await tx
            .update(offerTemplates)
            .set({ name: input.name, body: input.body, updatedAt: now, updatedByEmail: actor.email })
            .where(eq(offerTemplates.id, input.id))
            .returning({ id: offerTemplates.id })
        : await tx
            .insert(offerTemplates)
            .values({ name: input.name, body: input.body, updatedByEmail: actor.email })
            .returning({ id: offerTemplates.id });
      if (!row) throw new AdminRuleError(offerTemplateMessages.gone);
      await audit(tx, actor, 'offer_template.saved', row.id, { name: input.name });
      return row.id;
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION)) throw new AdminRuleError(offerTemplateMessages.taken);
    throw error;
  }
}

/** Deletes a template; the offers drafted from it keep their own text. */
export async function deleteOfferTemplate(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(offerTemplates).where(eq(offerTemplates.id, id)).returning({ name: offerTemplates.name });
    if (!row) throw new AdminRuleError(offerTemplateMessages.gone);
    await audit(tx, actor, 'offer_template.deleted', id, { name: row.name });
  });
}
