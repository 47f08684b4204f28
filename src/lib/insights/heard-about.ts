/** The apply form's optional source question; its answers are edited at /admin/insights/heard-about. */
export const HEARD_ABOUT_LABEL = 'How did you hear about us?';
