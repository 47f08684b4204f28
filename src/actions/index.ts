import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod/mini';
import { addNoteSchema, bulkSchema, editNoteSchema, noteIdSchema, rateSchema } from '@/lib/applications/review';
import {
  invitationIdSchema,
  invitationSchema as invitationInputSchema,
  roleChangeSchema,
  sessionIdSchema,
  userIdSchema,
} from '@/lib/accounts/schema';
import { accountTexts, guardMessages } from '@/lib/accounts/texts';
import { applicationStatusSchema } from '@/lib/applications/status';
import { cancelEmailSchema, candidateEmailSchema, templateSchema } from '@/lib/applications/templates';
import { answerMessageSchema, messageIdSchema, messageReadSchema } from '@/lib/messages/inbox';
import { positionActiveSchema, positionFormSchema, positionUpdateSchema } from '@/lib/positions/schema';
import { legalHoldSchema, personSchema } from '@/lib/privacy/admin';
import {
  changePassword,
  confirmTwoFactor,
  deleteOwnAccount,
  disableTwoFactor,
  signOutOtherSessions,
  signOutSession,
  startTwoFactor,
  updateProfile,
  type AccountDeps,
  type CommandResult,
} from '@/server/accounts/account';
import { forwardSetCookies } from '@/server/accounts/cookies';
import { inviteUser, resendInvitation, revokeInvitation } from '@/server/accounts/invitations';
import { authHintCookie, checkAccount, checkStaff, type Viewer } from '@/server/accounts/session';
import { assertReach, type ActionTarget, type Staff } from '@/server/access/guard';
import { actionRules, type ActionName } from '@/server/access/rules';
import { interviewerSchema, teamMemberSchema } from '@/lib/accounts/team';
import { assignInterviewer, unassignInterviewer } from '@/server/applications/interviewers';
import { cancelInterview, proposeInterview, recordInterview, reofferInterview } from '@/server/scheduling/interviews';
import { saveScorecard } from '@/server/scorecards/scorecards';
import { saveInterviewPlan } from '@/server/scorecards/plans';
import { setOfferBand } from '@/server/offers/band';
import { offerBandUpdateSchema } from '@/lib/offers/band';
import {
  createOfferSchema,
  decideApprovalSchema,
  offerIdSchema,
  offerTemplateIdSchema,
  offerTemplateSchema,
  saveOfferSchema,
} from '@/lib/offers/offer';
import {
  createOffer,
  decideOffer,
  discardOffer,
  offerDeps,
  replaceOffer,
  saveOffer,
  sendOffer,
  submitOffer,
  withdrawOffer,
} from '@/server/offers/offers';
import { deleteOfferTemplate, saveOfferTemplate } from '@/server/offers/templates';
import { scorecardFormSchema } from '@/lib/interviews/scorecard';
import { interviewPlanInputSchema } from '@/lib/interviews/plan';
import { meetingDeps } from '@/server/scheduling/meetings';
import { interviewCancelSchema, interviewProposalSchema, interviewRecordSchema } from '@/lib/scheduling/interview-form';
import { addTeamMember, removeTeamMember } from '@/server/positions/team';
import { changeUserRole, deleteUser, resetTwoFactor } from '@/server/accounts/users';
import { AdminRuleError } from '@/server/admin-command';
import { bulkApplications } from '@/server/applications/bulk';
import { cancelCandidateEmail, candidateEmailDeps, emailCandidate, saveTemplate, senderName } from '@/server/applications/emails';
import { deleteMedia, mediaDeps, setAlt } from '@/server/media/library';
import { mediaIdSchema, setMediaAltSchema } from '@/lib/media/library';
import { mergeCandidates, undoMerge } from '@/server/candidates/profiles';
import { inviteToApply } from '@/server/candidates/talent-pool';
import { inviteSchema } from '@/lib/candidates/talent-pool';
import { mergeCandidatesSchema, undoMergeSchema } from '@/lib/candidates/profile';
import { createPost, publishPost, restoreRevision, savePost, schedulePost, unpublishPost } from '@/server/posts/store';
import { compareRevision, listRevisions, newPreviewLink } from '@/server/posts/editor';
import { renderContent } from '@/server/posts/store';
import { postIdSchema, previewBodySchema, publishPostSchema, revisionSchema, savePostSchema, schedulePostSchema } from '@/lib/posts/schema';
import {
  comparePageRevision,
  newPagePreviewLink,
  pageRevisions,
  publishPageTexts,
  restorePageRevision,
  savePageTexts,
} from '@/server/page-texts/store';
import { pageKeySchema, pageRevisionSchema, publishPageTextsSchema, savePageTextsSchema } from '@/lib/page-texts/schema';
import { saveRejectionReason } from '@/server/applications/rejections';
import { rejectionReasonSchema } from '@/lib/applications/rejection';
import { addNote, deleteNote, editNote, rateApplication } from '@/server/applications/notes';
import { setApplicationStatus } from '@/server/applications/review';
import { applicationDeps, submitApplication } from '@/server/applications/submit';
import { deleteMessage, setMessageRead } from '@/server/messages/inbox';
import { answerMessage } from '@/server/replies/thread';
import { contactDeps, submitContactMessage } from '@/server/messages/submit';
import { createPosition, setPositionActive, updatePosition } from '@/server/positions/manage';
import { saveHeardAboutOptions } from '@/server/insights/heard-about';
import { heardAboutFormSchema } from '@/lib/insights/heard-about-form';
import { erasePerson, privacyDeps, setLegalHold } from '@/server/privacy/requests';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime, type Runtime } from '@/server/runtime';
import { reportingFaults } from './faults';
import { followApplicationSchema, followMessageSchema } from '@/lib/notifications/preferences';
import { setFollowing } from '@/server/notifications/follow';
import { createApiToken, revokeApiToken } from '@/server/api/tokens';
import { apiTokenIdSchema, apiTokenSchema } from '@/lib/api/tokens';
import {
  deleteIntegration,
  integrationDeps,
  newIntegrationSecret,
  redeliver,
  saveIntegration,
  setIntegrationEnabled,
} from '@/server/integrations/endpoints';
import { integrationEnabledSchema, integrationIdSchema, integrationSchema, redeliverSchema } from '@/lib/integrations/integration';
import { ssoSettingsSchema } from '@/lib/accounts/sso';
import { removeSsoSettings, saveSsoSettings, ssoSettingsDeps } from '@/server/sso/settings';

const invitationDeps = (runtime: Runtime) => ({
  db: runtime.database.db,
  pool: runtime.database.pool,
  jobs: runtime.jobs,
  siteUrl: runtime.config.siteUrl,
  requireTwoFactor: runtime.config.adminRequireTwoFactor,
});

/**
 * Form submissions from React islands. Input is validated inside each command with the schema the
 * form uses. Every staff action goes through staffAction(): its rule from the permission module
 * (the session, the second factor and the permission, again behind the middleware's), its schema,
 * the record-level check (an application, position or note outside the person's reach is answered
 * as missing, and audited), and refusals turned into messages the person reads.
 */

type StaffActionName = Extract<ActionName, `admin.${string}`>;

function staffAction<S extends z.ZodMiniType, R>(
  name: StaffActionName,
  schema: S,
  run: (input: z.output<S>, actor: Staff, runtime: Runtime) => Promise<R>,
  target?: (input: z.output<S>) => ActionTarget,
) {
  const rule = actionRules[name];
  return defineAction({
    accept: 'json',
    handler: reportingFaults(async (input: unknown, context: ActionAPIContext) => {
      const runtime = getRuntime();
      const check = await checkStaff(
        { auth: runtime.auth, db: runtime.database.db, requireTwoFactor: runtime.config.adminRequireTwoFactor },
        context.request.headers,
        rule.permission,
      );
      if (!check.allowed) {
        throw new ActionError(
          check.reason === 'anonymous'
            ? { code: 'UNAUTHORIZED', message: guardMessages.anonymous }
            : {
                code: 'FORBIDDEN',
                message: check.reason === 'forbidden' || check.reason === 'denied' ? guardMessages.forbidden : guardMessages.secondFactor,
              },
        );
      }
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new ActionError({ code: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'Invalid input' });
      const { id, email, role } = check.viewer;
      const actor: Staff = { id, email, role };
      try {
        if (target) await assertReach(runtime.database.db, actor, rule.permission, target(parsed.data));
        return await run(parsed.data, actor, runtime);
      } catch (error) {
        if (error instanceof AdminRuleError) throw new ActionError({ code: 'BAD_REQUEST', message: error.message });
        throw error;
      }
    }),
  });
}

const postDeps = (runtime: Runtime) => ({ db: runtime.database.db, jobs: runtime.jobs });
// Strict: a request with anything in it is not this form's.
const emptyInputSchema = z.strictObject({});

const onApplication = (input: { applicationId: string }): ActionTarget => ({ application: input.applicationId });
const onNote = (input: { noteId: string }): ActionTarget => ({ note: input.noteId });
const onPosition = (input: { positionId: string }): ActionTarget => ({ position: input.positionId });

/**
 * The account page's actions: for the signed-in person only, on their own account, and past the
 * code step when the account has a second factor (checkAccount, the one rule). A command's
 * refusal (a wrong password, a taken username) is its result, with messages per field; cookies
 * Better Auth set (a new session after a password or factor change) go to the browser.
 */
function accountAction<R>(
  run: (input: unknown, viewer: Viewer, deps: AccountDeps, context: ActionAPIContext) => Promise<CommandResult<R & { cookies?: string[] }>>,
) {
  return defineAction({
    accept: 'json',
    handler: reportingFaults(async (input: unknown, context: ActionAPIContext) => {
      const runtime = getRuntime();
      const check = await checkAccount({ auth: runtime.auth, db: runtime.database.db }, context.request.headers);
      if (!check.allowed)
        throw new ActionError(
          check.reason === 'anonymous'
            ? { code: 'UNAUTHORIZED', message: guardMessages.anonymous }
            : { code: 'FORBIDDEN', message: guardMessages.secondFactor },
        );
      const deps = { auth: runtime.auth, db: runtime.database.db, rateLimits: runtime.rateLimits };
      const result = await run(input, check.viewer, deps, context);
      if (result.ok && result.cookies) {
        forwardSetCookies(result.cookies, context.cookies);
        const { cookies: _sent, ...rest } = result;
        return rest;
      }
      return result;
    }),
  });
}

export const server = {
  apply: defineAction({
    accept: 'json',
    handler: reportingFaults((input: unknown, context) =>
      submitApplication(applicationDeps(getRuntime()), input, clientKeyOf(context.request, context.clientAddress)),
    ),
  }),
  contact: defineAction({
    accept: 'json',
    handler: reportingFaults((input: unknown, context) =>
      submitContactMessage(contactDeps(getRuntime()), input, clientKeyOf(context.request, context.clientAddress)),
    ),
  }),
  // Each key is an action of rules.ts (and each action there has one here): checked by the type.
  admin: {
    setRole: staffAction('admin.setRole', roleChangeSchema, ({ userId, role }, actor, { database }) =>
      changeUserRole(database.db, actor, userId, role),
    ),
    deleteUser: staffAction('admin.deleteUser', userIdSchema, ({ userId }, actor, { database }) => deleteUser(database.db, actor, userId)),
    resetTwoFactor: staffAction('admin.resetTwoFactor', userIdSchema, ({ userId }, actor, { database }) =>
      resetTwoFactor(database.db, actor, userId),
    ),
    invite: staffAction('admin.invite', invitationInputSchema, (input, actor, runtime) =>
      inviteUser(invitationDeps(runtime), actor, input),
    ),
    resendInvitation: staffAction('admin.resendInvitation', invitationIdSchema, ({ invitationId }, actor, runtime) =>
      resendInvitation(invitationDeps(runtime), actor, invitationId),
    ),
    revokeInvitation: staffAction('admin.revokeInvitation', invitationIdSchema, ({ invitationId }, actor, { database }) =>
      revokeInvitation(database.db, actor, invitationId),
    ),
    createPosition: staffAction('admin.createPosition', positionFormSchema, (form, actor, { database, jobs }) =>
      createPosition(database.db, actor, form, jobs),
    ),
    updatePosition: staffAction(
      'admin.updatePosition',
      positionUpdateSchema,
      ({ positionId, form }, actor, { database }) => updatePosition(database.db, actor, positionId, form),
      onPosition,
    ),
    setPositionActive: staffAction(
      'admin.setPositionActive',
      positionActiveSchema,
      ({ positionId, active }, actor, { database, jobs }) => setPositionActive(database.db, actor, positionId, active, jobs),
      onPosition,
    ),
    addTeamMember: staffAction(
      'admin.addTeamMember',
      teamMemberSchema,
      ({ positionId, userId }, actor, { database }) => addTeamMember(database.db, actor, positionId, userId),
      onPosition,
    ),
    removeTeamMember: staffAction(
      'admin.removeTeamMember',
      teamMemberSchema,
      ({ positionId, userId }, actor, { database }) => removeTeamMember(database.db, actor, positionId, userId),
      onPosition,
    ),
    saveHeardAboutOptions: staffAction('admin.saveHeardAboutOptions', heardAboutFormSchema, ({ options }, actor, { database }) =>
      saveHeardAboutOptions(database.db, actor, options),
    ),
    setApplicationStatus: staffAction(
      'admin.setApplicationStatus',
      applicationStatusSchema,
      ({ applicationId, status, rejection }, actor, { database }) =>
        setApplicationStatus(database.db, actor, applicationId, status, rejection ?? undefined),
      onApplication,
    ),
    // Each application of the selection is checked in the command: it acts on those in reach and counts the others.
    bulkApplications: staffAction('admin.bulkApplications', bulkSchema, (input, actor, runtime) =>
      bulkApplications(candidateEmailDeps(runtime), actor, input),
    ),
    emailCandidate: staffAction(
      'admin.emailCandidate',
      candidateEmailSchema,
      ({ applicationId, ...email }, actor, runtime) => emailCandidate(candidateEmailDeps(runtime), actor, applicationId, email),
      onApplication,
    ),
    cancelCandidateEmail: staffAction(
      'admin.cancelCandidateEmail',
      cancelEmailSchema,
      ({ applicationId, emailId }, actor, runtime) => cancelCandidateEmail(candidateEmailDeps(runtime), actor, applicationId, emailId),
      onApplication,
    ),
    // Candidates (issue 33): only roles holding candidates.merge at every record (no record-level reach to check).
    mergeCandidates: staffAction('admin.mergeCandidates', mergeCandidatesSchema, ({ keptId, mergedId }, actor, { database }) =>
      mergeCandidates(database.db, actor, keptId, mergedId),
    ),
    undoCandidateMerge: staffAction('admin.undoCandidateMerge', undoMergeSchema, ({ mergeId }, actor, { database }) =>
      undoMerge(database.db, actor, mergeId),
    ),
    inviteToApply: staffAction('admin.inviteToApply', inviteSchema, async (input, actor, runtime) =>
      inviteToApply(
        { db: runtime.database.db, pool: runtime.database.pool, jobs: runtime.jobs, siteUrl: runtime.config.siteUrl },
        { ...actor, name: await senderName(runtime.database.db, actor) },
        input,
      ),
    ),
    assignInterviewer: staffAction(
      'admin.assignInterviewer',
      interviewerSchema,
      ({ applicationId, userId }, actor, { database }) => assignInterviewer(database.db, actor, applicationId, userId),
      onApplication,
    ),
    unassignInterviewer: staffAction(
      'admin.unassignInterviewer',
      interviewerSchema,
      ({ applicationId, userId }, actor, { database }) => unassignInterviewer(database.db, actor, applicationId, userId),
      onApplication,
    ),
    proposeInterview: staffAction(
      'admin.proposeInterview',
      interviewProposalSchema,
      (proposal, actor, runtime) => proposeInterview(meetingDeps(runtime), actor, proposal),
      onApplication,
    ),
    recordInterview: staffAction(
      'admin.recordInterview',
      interviewRecordSchema,
      (record, actor, runtime) => recordInterview(meetingDeps(runtime), actor, record),
      onApplication,
    ),
    cancelInterview: staffAction(
      'admin.cancelInterview',
      interviewCancelSchema,
      ({ applicationId, requestId }, actor, runtime) => cancelInterview(meetingDeps(runtime), actor, requestId, new Date(), applicationId),
      onApplication,
    ),
    reofferInterview: staffAction(
      'admin.reofferInterview',
      interviewCancelSchema,
      ({ applicationId, requestId }, actor, runtime) => reofferInterview(meetingDeps(runtime), actor, requestId, applicationId),
      onApplication,
    ),
    setOfferBand: staffAction(
      'admin.setOfferBand',
      offerBandUpdateSchema,
      // The command checks its own reach (offers/band.ts).
      ({ positionId, band }, actor, { database }) => setOfferBand(database.db, actor, positionId, band),
    ),
    // Offers (issue 54): each command checks its own reach through the offer's application (offers/offers.ts).
    createOffer: staffAction('admin.createOffer', createOfferSchema, ({ applicationId, templateId }, actor, runtime) =>
      createOffer(offerDeps(runtime), actor, applicationId, templateId),
    ),
    saveOffer: staffAction('admin.saveOffer', saveOfferSchema, ({ offerId, terms }, actor, runtime) =>
      saveOffer(offerDeps(runtime), actor, offerId, terms),
    ),
    submitOffer: staffAction('admin.submitOffer', offerIdSchema, ({ offerId }, actor, runtime) =>
      submitOffer(offerDeps(runtime), actor, offerId),
    ),
    discardOffer: staffAction('admin.discardOffer', offerIdSchema, ({ offerId }, actor, runtime) =>
      discardOffer(offerDeps(runtime), actor, offerId),
    ),
    sendOffer: staffAction('admin.sendOffer', offerIdSchema, ({ offerId }, actor, runtime) =>
      sendOffer(offerDeps(runtime), actor, offerId),
    ),
    withdrawOffer: staffAction('admin.withdrawOffer', offerIdSchema, ({ offerId }, actor, runtime) =>
      withdrawOffer(offerDeps(runtime), actor, offerId),
    ),
    replaceOffer: staffAction('admin.replaceOffer', offerIdSchema, ({ offerId }, actor, runtime) =>
      replaceOffer(offerDeps(runtime), actor, offerId),
    ),
    decideOffer: staffAction('admin.decideOffer', decideApprovalSchema, ({ offerId, decision, comment }, actor, runtime) =>
      decideOffer(offerDeps(runtime), actor, offerId, decision, comment),
    ),
    saveOfferTemplate: staffAction('admin.saveOfferTemplate', offerTemplateSchema, (template, actor, { database }) =>
      saveOfferTemplate(database.db, actor, template),
    ),
    deleteOfferTemplate: staffAction('admin.deleteOfferTemplate', offerTemplateIdSchema, ({ id }, actor, { database }) =>
      deleteOfferTemplate(database.db, actor, id),
    ),
    saveInterviewPlan: staffAction(
      'admin.saveInterviewPlan',
      interviewPlanInputSchema,
      ({ positionId, plan }, actor, { database }) => saveInterviewPlan(database.db, actor, positionId, plan),
      onPosition,
    ),
    saveScorecard: staffAction(
      'admin.saveScorecard',
      scorecardFormSchema,
      (form, actor, { database }) => saveScorecard(database.db, actor, form),
      onApplication,
    ),
    addNote: staffAction(
      'admin.addNote',
      addNoteSchema,
      ({ applicationId, body }, actor, { database }) => addNote(database.db, actor, applicationId, body),
      onApplication,
    ),
    editNote: staffAction(
      'admin.editNote',
      editNoteSchema,
      ({ noteId, body }, actor, { database }) => editNote(database.db, actor, noteId, body),
      onNote,
    ),
    deleteNote: staffAction(
      'admin.deleteNote',
      noteIdSchema,
      ({ noteId }, actor, { database }) => deleteNote(database.db, actor, noteId),
      onNote,
    ),
    rateApplication: staffAction(
      'admin.rateApplication',
      rateSchema,
      ({ applicationId, rating }, actor, { database }) => rateApplication(database.db, actor, applicationId, rating),
      onApplication,
    ),
    saveRejectionReason: staffAction('admin.saveRejectionReason', rejectionReasonSchema, (reason, actor, { database }) =>
      saveRejectionReason(database.db, actor, reason),
    ),
    createPost: staffAction('admin.createPost', emptyInputSchema, (_input, actor, runtime) => createPost(postDeps(runtime), actor)),
    savePost: staffAction('admin.savePost', savePostSchema, async (input, actor, runtime) => {
      const result = await savePost(postDeps(runtime), actor, input);
      return result.ok ? { ...result, revisions: await listRevisions(runtime.database.db, input.postId) } : result;
    }),
    previewPostBody: staffAction('admin.previewPostBody', previewBodySchema, async ({ body }, _actor, { database }) => ({
      html: await renderContent(database.db, { body, coverMediaId: null, socialMediaId: null }),
    })),
    publishPost: staffAction('admin.publishPost', publishPostSchema, (input, actor, runtime) =>
      publishPost(postDeps(runtime), actor, input),
    ),
    unpublishPost: staffAction('admin.unpublishPost', postIdSchema, (input, actor, runtime) =>
      unpublishPost(postDeps(runtime), actor, input),
    ),
    schedulePost: staffAction('admin.schedulePost', schedulePostSchema, (input, actor, runtime) =>
      schedulePost(postDeps(runtime), actor, input),
    ),
    restorePostRevision: staffAction('admin.restorePostRevision', revisionSchema, (input, actor, runtime) =>
      restoreRevision(postDeps(runtime), actor, input).then(async (result) => ({
        ...result,
        revisions: await listRevisions(runtime.database.db, input.postId),
      })),
    ),
    comparePostRevision: staffAction('admin.comparePostRevision', revisionSchema, ({ postId, revisionId }, _actor, { database }) =>
      compareRevision(database.db, postId, revisionId),
    ),
    previewLink: staffAction('admin.previewLink', postIdSchema, async ({ postId }, _actor, { config, database }) => {
      const { token, expiresAt } = await newPreviewLink(database.db, config.authSecret, postId);
      return { url: `${config.siteUrl}/blog/preview/${token}`, expiresAt: expiresAt.toISOString() };
    }),
    savePageTexts: staffAction('admin.savePageTexts', savePageTextsSchema, async (input, actor, { database }) => {
      const result = await savePageTexts(database.db, actor, input);
      return result.ok ? { ...result, revisions: await pageRevisions(database.db, input.page) } : result;
    }),
    publishPageTexts: staffAction('admin.publishPageTexts', publishPageTextsSchema, async (input, actor, { database }) => ({
      ...(await publishPageTexts(database.db, actor, input)),
      revisions: await pageRevisions(database.db, input.page),
    })),
    restorePageRevision: staffAction('admin.restorePageRevision', pageRevisionSchema, async (input, actor, { database }) => ({
      ...(await restorePageRevision(database.db, actor, input)),
      revisions: await pageRevisions(database.db, input.page),
    })),
    comparePageRevision: staffAction('admin.comparePageRevision', pageRevisionSchema, ({ page, revisionId }, _actor, { database }) =>
      comparePageRevision(database.db, page, revisionId),
    ),
    pagePreviewLink: staffAction('admin.pagePreviewLink', pageKeySchema, async ({ page }, _actor, { config, database }) => {
      const { token, expiresAt } = await newPagePreviewLink(database.db, config.authSecret, page);
      return { url: `${config.siteUrl}/pages/preview/${token}`, expiresAt: expiresAt.toISOString() };
    }),
    saveTemplate: staffAction('admin.saveTemplate', templateSchema, (template, actor, { database }) =>
      saveTemplate(database.db, actor, template),
    ),
    // The media library (issue 34): an image's alt text; deleting one nobody uses (refused with its uses otherwise).
    setMediaAlt: staffAction('admin.setMediaAlt', setMediaAltSchema, async ({ mediaId, alt }, actor, runtime) => {
      const item = await setAlt(mediaDeps(runtime), actor, mediaId, alt);
      return { id: item.id, alt: item.alt };
    }),
    deleteMedia: staffAction('admin.deleteMedia', mediaIdSchema, ({ mediaId }, actor, runtime) =>
      deleteMedia(mediaDeps(runtime), actor, mediaId),
    ),
    setMessageRead: staffAction('admin.setMessageRead', messageReadSchema, ({ messageId, read }, actor, { database }) =>
      setMessageRead(database.db, actor, messageId, read),
    ),
    deleteMessage: staffAction('admin.deleteMessage', messageIdSchema, ({ messageId }, actor, { database, storage }) =>
      deleteMessage(database.db, storage, actor, messageId),
    ),
    // Answering from the message's page (issue 35): the reply comes back to its thread.
    answerMessage: staffAction('admin.answerMessage', answerMessageSchema, ({ messageId, subject, body }, actor, runtime) =>
      answerMessage(
        { pool: runtime.database.pool, jobs: runtime.jobs, replyAddress: runtime.config.inbound.replyAddress },
        actor,
        messageId,
        {
          subject,
          body,
        },
      ),
    ),
    followApplication: staffAction(
      'admin.followApplication',
      followApplicationSchema,
      ({ applicationId, follow }, actor, { database }) => setFollowing(database.db, actor, { applicationId }, follow),
      onApplication,
    ),
    followMessage: staffAction('admin.followMessage', followMessageSchema, ({ contactMessageId, follow }, actor, { database }) =>
      setFollowing(database.db, actor, { contactMessageId }, follow),
    ),
    setLegalHold: staffAction('admin.setLegalHold', legalHoldSchema, ({ applicationId, reason }, actor, { database }) =>
      setLegalHold(database.db, actor, applicationId, reason),
    ),
    erasePerson: staffAction('admin.erasePerson', personSchema, ({ email }, actor, runtime) =>
      erasePerson(privacyDeps(runtime), actor, email),
    ),
    saveIntegration: staffAction('admin.saveIntegration', integrationSchema, (input, actor, runtime) =>
      saveIntegration(integrationDeps(runtime), actor, input),
    ),
    setIntegrationEnabled: staffAction('admin.setIntegrationEnabled', integrationEnabledSchema, ({ id, enabled }, actor, runtime) =>
      setIntegrationEnabled(integrationDeps(runtime), actor, id, enabled),
    ),
    newIntegrationSecret: staffAction('admin.newIntegrationSecret', integrationIdSchema, async ({ id }, actor, runtime) => ({
      secret: await newIntegrationSecret(integrationDeps(runtime), actor, id),
    })),
    deleteIntegration: staffAction('admin.deleteIntegration', integrationIdSchema, ({ id }, actor, runtime) =>
      deleteIntegration(integrationDeps(runtime), actor, id),
    ),
    createApiToken: staffAction('admin.createApiToken', apiTokenSchema, (input, actor, { database }) =>
      createApiToken(database.db, { ...actor, id: actor.id! }, input),
    ),
    revokeApiToken: staffAction('admin.revokeApiToken', apiTokenIdSchema, ({ id }, actor, { database }) =>
      revokeApiToken(database.db, { ...actor, id: actor.id! }, id),
    ),
    redeliver: staffAction('admin.redeliver', redeliverSchema, ({ deliveryId }, actor, runtime) =>
      redeliver(integrationDeps(runtime), actor, deliveryId),
    ),
    saveSso: staffAction('admin.saveSso', ssoSettingsSchema, (input, actor, runtime) =>
      saveSsoSettings(ssoSettingsDeps(runtime), actor, input),
    ),
    removeSso: staffAction('admin.removeSso', z.strictObject({}), (_input, actor, runtime) =>
      removeSsoSettings(ssoSettingsDeps(runtime), actor),
    ),
  } satisfies Record<StaffActionName extends `admin.${infer Key}` ? Key : never, unknown>,
  account: {
    updateProfile: accountAction((input, viewer, deps) => updateProfile(deps.db, viewer, input)),
    changePassword: accountAction((input, viewer, deps, context) => changePassword(deps, viewer, context.request.headers, input)),
    startTwoFactor: accountAction((input, viewer, deps, context) => startTwoFactor(deps, viewer, context.request.headers, input)),
    confirmTwoFactor: accountAction((input, viewer, deps, context) => confirmTwoFactor(deps, viewer, context.request.headers, input)),
    disableTwoFactor: accountAction((input, viewer, deps, context) => disableTwoFactor(deps, viewer, context.request.headers, input)),
    signOutOthers: accountAction((_input, viewer, deps) => signOutOtherSessions(deps.db, viewer)),
    signOutSession: accountAction(async (input, viewer, deps) => {
      const parsed = sessionIdSchema.safeParse(input);
      return parsed.success
        ? signOutSession(deps.db, viewer, parsed.data.sessionId)
        : { ok: false, fieldErrors: {}, message: 'Invalid session' };
    }),
    deleteAccount: accountAction(async (input, viewer, deps, context) => {
      const result = await deleteOwnAccount(deps, viewer, context.request.headers, input);
      if (!result.ok) return result;
      // Gone with the account: its session, and the header's hint.
      const runtime = getRuntime();
      const cookie = runtime.config.secureCookies ? '__Secure-helixpoint.session_token' : 'helixpoint.session_token';
      context.cookies.delete(cookie, { path: '/' });
      return { ok: true, cookies: [authHintCookie(null, runtime.config.secureCookies)], message: accountTexts.deleted };
    }),
  },
};
