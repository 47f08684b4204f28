import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import type { z } from 'zod/mini';
import {
  applicationStatusSchema,
  messageIdSchema,
  messageReadSchema,
  positionActiveSchema,
  positionFormSchema,
  positionUpdateSchema,
  roleChangeSchema,
  userIdSchema,
} from '@/lib/admin-schema';
import {
  AdminRuleError,
  changeUserRole,
  createPosition,
  deleteMessage,
  deleteUser,
  setMessageRead,
  setApplicationStatus,
  setPositionActive,
  updatePosition,
  type Actor,
} from '@/server/admin';
import { applicationDeps, submitApplication } from '@/server/applications';
import { contactDeps, submitContactMessage } from '@/server/contact';
import type { Database } from '@/server/db/client';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';
import { checkAdmin } from '@/server/session';

/**
 * Form submissions from React islands. Input is validated inside each command with the schema the
 * form uses. Every admin action goes through adminAction(): the admin check (again, behind the
 * middleware's), its schema, and refusals turned into messages the admin reads.
 */

function adminAction<S extends z.ZodMiniType, R>(schema: S, run: (input: z.output<S>, actor: Actor, db: Database) => Promise<R>) {
  return defineAction({
    accept: 'json',
    handler: async (input: unknown, context: ActionAPIContext) => {
      const runtime = getRuntime();
      const check = await checkAdmin({ auth: runtime.auth, db: runtime.database.db }, context.request.headers);
      if (!check.allowed) {
        throw new ActionError(
          check.reason === 'anonymous'
            ? { code: 'UNAUTHORIZED', message: 'Not authenticated' }
            : { code: 'FORBIDDEN', message: 'Not authorized' },
        );
      }
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new ActionError({ code: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'Invalid input' });
      try {
        return await run(parsed.data, { id: check.viewer.id, email: check.viewer.email }, runtime.database.db);
      } catch (error) {
        if (error instanceof AdminRuleError) throw new ActionError({ code: 'BAD_REQUEST', message: error.message });
        throw error;
      }
    },
  });
}

export const server = {
  apply: defineAction({
    accept: 'json',
    handler: (input: unknown, context) =>
      submitApplication(applicationDeps(getRuntime()), input, clientKeyOf(context.request, context.clientAddress)),
  }),
  contact: defineAction({
    accept: 'json',
    handler: (input: unknown, context) =>
      submitContactMessage(contactDeps(getRuntime()), input, clientKeyOf(context.request, context.clientAddress)),
  }),
  admin: {
    setRole: adminAction(roleChangeSchema, ({ userId, role }, actor, db) => changeUserRole(db, actor, userId, role)),
    deleteUser: adminAction(userIdSchema, ({ userId }, actor, db) => deleteUser(db, actor, userId)),
    createPosition: adminAction(positionFormSchema, (form, actor, db) => createPosition(db, actor, form)),
    updatePosition: adminAction(positionUpdateSchema, ({ positionId, form }, actor, db) => updatePosition(db, actor, positionId, form)),
    setPositionActive: adminAction(positionActiveSchema, ({ positionId, active }, actor, db) =>
      setPositionActive(db, actor, positionId, active),
    ),
    setApplicationStatus: adminAction(applicationStatusSchema, ({ applicationId, status }, actor, db) =>
      setApplicationStatus(db, actor, applicationId, status),
    ),
    setMessageRead: adminAction(messageReadSchema, ({ messageId, read }, actor, db) => setMessageRead(db, actor, messageId, read)),
    deleteMessage: adminAction(messageIdSchema, ({ messageId }, actor, db) => deleteMessage(db, getRuntime().storage, actor, messageId)),
  },
};
