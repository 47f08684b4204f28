/**
 * The confirmation that stays after an application is sent (issue 27): the spec's toasts come and go
 * and the page moves to the job board after 2 s, so the job board then keeps a panel naming the
 * position and where the personal link was e-mailed, until the applicant dismisses it. The apply
 * form leaves it in this tab's sessionStorage (no cookie, nothing sent anywhere; gone with the tab),
 * with the address shortened; the page answering a form sent without JavaScript shows the same panel.
 */

export interface SentApplication {
  position: string;
  /** The address, shortened (maskEmail): "j…@mail.test". */
  email: string;
}

const KEY = 'helixpoint:application-sent';

export function rememberSentApplication(sent: SentApplication): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(sent));
  } catch {
    // Storage refused (a private window, say): the toasts still say it was sent.
  }
}

/** What this tab keeps of a sent application whose confirmation is still to be dismissed (read with parseSentApplication). */
export function storedSentApplication(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function parseSentApplication(stored: string | null): SentApplication | null {
  try {
    const { position, email } = JSON.parse(stored ?? 'null') as Partial<SentApplication>;
    return typeof position === 'string' && typeof email === 'string' ? { position, email } : null;
  } catch {
    return null;
  }
}

export function forgetSentApplication(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
