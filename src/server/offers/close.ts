import { and, eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { offers } from '../db/schema.ts';

/**
 * An application decided against (rejected, or withdrawn by the candidate) closes its sent offer in
 * the same transaction (issue 54): it is withdrawn, can no longer be accepted, and is no longer
 * counted open. Drafts not yet sent stay, as their team left them: they cannot be sent while the
 * application is decided. Called by the one status change (applications/review.ts).
 */
export async function closeSentOffer(
  tx: Pick<Database, 'update' | 'insert'>,
  actor: Actor,
  applicationId: string,
  now: Date,
): Promise<void> {
  const closed = await tx
    .update(offers)
    .set({ status: 'withdrawn', closedAt: now, closedByEmail: actor.email, updatedAt: now })
    .where(and(eq(offers.applicationId, applicationId), eq(offers.status, 'sent')))
    .returning({ id: offers.id, version: offers.version });
  for (const offer of closed)
    await audit(tx, actor, 'application.offer_withdrawn', applicationId, {
      offerId: offer.id,
      version: offer.version,
      withApplication: true,
    });
}
