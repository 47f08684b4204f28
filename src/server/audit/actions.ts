/**
 * The audit log: who changed or read what in the admin area. Every action names the kind of
 * thing it is about, so a target type can never be misspelt or paired with the wrong action.
 */
export const auditActions = {
  'user.created': 'user',
  'user.promoted': 'user',
  'user.role_changed': 'user',
  'user.deleted': 'user',
  'user.self_deleted': 'user',
  'user.two_factor_reset': 'user',
  // A staff member made or renewed the secret link of their calendar feed (issue 31): the old one stops working.
  'user.calendar_feed_renewed': 'user',
  // A staff member connected or removed one of their own calendars, read for their busy times (issue 53).
  'user.calendar_connected': 'user',
  'user.calendar_removed': 'user',
  // They chose which calendars of a CalDAV account are read, and which one bookings are written into.
  'user.calendars_chosen': 'user',
  // Staff sign-in through the company's identity provider (issue 56): the claim's role applied, a
  // break-glass admin's password sign-in where the provider is the only way in, the settings, and
  // sessions the provider ended (back-channel logout, or a refused refresh).
  'user.sso_role_changed': 'user',
  'user.sso_account_created': 'user',
  'user.break_glass_sign_in': 'user',
  'user.sso_sessions_ended': 'user',
  'sso.settings_saved': 'sso',
  'sso.settings_removed': 'sso',
  'invitation.created': 'invitation',
  'invitation.resent': 'invitation',
  'invitation.revoked': 'invitation',
  'invitation.accepted': 'invitation',
  'position.created': 'position',
  'position.updated': 'position',
  'position.activated': 'position',
  'position.deactivated': 'position',
  'position.team_member_added': 'position',
  'position.team_member_removed': 'position',
  'position.access_denied': 'position',
  'application.status_changed': 'application',
  'application.resume_downloaded': 'application',
  'application.resume_previewed': 'application',
  'application.viewed': 'application',
  'application.legal_hold_set': 'application',
  'application.legal_hold_released': 'application',
  'application.deleted_by_retention': 'application',
  'application.note_added': 'application',
  'application.note_edited': 'application',
  'application.note_deleted': 'application',
  'application.rated': 'application',
  'application.email_sent': 'application',
  // A delayed e-mail to the candidate cancelled before it went (issue 32).
  'application.email_cancelled': 'application',
  // An attachment of a reply that came back to the application (issue 35) was downloaded.
  'application.reply_file_downloaded': 'application',
  'application.interviewer_assigned': 'application',
  'application.interviewer_unassigned': 'application',
  // Interviews (issue 31): proposed by staff; booked, moved or cancelled by the candidate or staff.
  'application.interview_proposed': 'application',
  'application.interview_booked': 'application',
  'application.interview_moved': 'application',
  'application.interview_cancelled': 'application',
  'application.interview_reoffered': 'application',
  'application.interview_recorded': 'application',
  // Scorecards (issue 32): submitted, and changed by their author after submitting.
  'application.scorecard_submitted': 'application',
  'application.scorecard_amended': 'application',
  'position.interview_plan_updated': 'position',
  // Offers (issue 54): a position's pay band set, changed or removed (its old and new band in the details).
  'position.offer_band_changed': 'position',
  // Offers (issue 54), on the application's timeline: the offer's id and version in the details, never its pay.
  'application.offer_drafted': 'application',
  'application.offer_changed': 'application',
  'application.offer_submitted': 'application',
  'application.offer_approved': 'application',
  'application.offer_changes_requested': 'application',
  'application.offer_discarded': 'application',
  'application.offer_sent': 'application',
  'application.offer_withdrawn': 'application',
  'application.offer_accepted': 'application',
  'application.offer_declined': 'application',
  'application.offer_expired': 'application',
  'application.offer_pdf_downloaded': 'application',
  // A staff member asked for an application outside their reach (a guessed address): answered as missing.
  'application.access_denied': 'application',
  // Candidate profiles (issue 33): two candidates merged into one by a recruiter, and the merge undone.
  'candidate.merged': 'candidate',
  'candidate.merge_undone': 'candidate',
  // The talent pool (issue 33): invited to apply for a position; consent renewed or withdrawn by the candidate.
  'candidate.invited': 'candidate',
  'candidate.talent_pool_renewed': 'candidate',
  'candidate.talent_pool_left': 'candidate',
  // The blog (issue 34): a post written, published (now or at its scheduled time), unpublished, an older revision restored.
  'post.created': 'post',
  'post.published': 'post',
  'post.scheduled': 'post',
  'post.unpublished': 'post',
  'post.restored': 'post',
  // Page texts (issue 34): a page's texts published, an older revision restored.
  'page.texts_published': 'page',
  'page.texts_restored': 'page',
  // The media library (issue 34).
  'media.uploaded': 'media',
  'media.alt_changed': 'media',
  'media.deleted': 'media',
  'template.updated': 'template',
  // Offer letter templates (issue 54), kept by admins.
  'offer_template.saved': 'template',
  'offer_template.deleted': 'template',
  'heard_about.updated': 'setting',
  // The list of rejection reasons (issue 32): a reason added, renamed, archived or restored.
  'rejection_reasons.updated': 'setting',
  'message.marked_read': 'message',
  'message.marked_unread': 'message',
  'message.deleted': 'message',
  'message.attachment_downloaded': 'message',
  // Staff answered a contact message from its page (issue 35), and downloaded a reply's attachment.
  'message.answered': 'message',
  'message.reply_file_downloaded': 'message',
  'message.deleted_by_retention': 'message',
  // Integrations (issue 55): a webhook or chat channel added, changed, switched on or off (by an
  // admin, or by its failures), given a new secret, deleted; a delivery sent again.
  'integration.created': 'integration',
  'integration.updated': 'integration',
  'integration.enabled': 'integration',
  'integration.disabled': 'integration',
  'integration.secret_renewed': 'integration',
  'integration.deleted': 'integration',
  'integration.redelivered': 'integration',
  // API tokens (issue 55): made and revoked on one's own account page; each call with one (its method, path, status).
  'api_token.created': 'token',
  'api_token.revoked': 'token',
  'api.called': 'token',
  // A privacy request: the target is a pseudonymous reference, never the person's address.
  'person.exported': 'person',
  'person.erased': 'person',
} as const;

export type AuditAction = keyof typeof auditActions;
export type AuditTargetType = (typeof auditActions)[AuditAction];
export const auditActionNames = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];
export const auditTargetTypes = [...new Set(Object.values(auditActions))] as [AuditTargetType, ...AuditTargetType[]];
