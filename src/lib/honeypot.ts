/** The name of the honeypot field every public form carries, hidden from people; bots fill it. */
export const HONEYPOT_FIELD = 'company_website';
