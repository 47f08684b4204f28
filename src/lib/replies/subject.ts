/** The subject of an answer to a mail: "Re: " once, whatever case the mail's own "Re:" was in. */
export const answerSubject = (subject: string): string => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);
