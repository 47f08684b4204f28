import { describe, expect, it } from 'vitest';
import { bookingGuestMail, bookingHostMail, bookingReminderHostMail } from './booking-templates';

/* What the people of a booking are told (issue 51): interviewers by the stage and the candidate, guests by their first name. */

const interview = {
  position: 'Site Reliability Engineer',
  stage: 'Technical interview',
  applicationUrl: 'https://x.test/admin/applications/p/a',
};
const guest = { name: 'Cara Candidate', email: 'cara@mail.test' };

describe('booking e-mails', () => {
  it('an interviewer’s names the stage, the candidate and the position, never "the guest"', () => {
    const mail = bookingHostMail({
      change: 'booked',
      when: 'Tuesday, December 1, 2026 at 9:00 AM CST',
      what: 'interview',
      guest,
      interview,
    });
    expect(mail.subject).toBe('Interview booked: Cara Candidate, Tuesday, December 1, 2026 at 9:00 AM CST');
    expect(mail.text).toContain('Technical interview with Cara Candidate booked');
    expect(mail.text).toMatch(/Candidate:?\s+Cara Candidate/);
    expect(mail.text).toMatch(/Stage:?\s+Technical interview/);
    expect(mail.text).toMatch(/Position:?\s+Site Reliability Engineer/);
    expect(mail.text).toContain('write to the candidate');
    expect(mail.text).not.toContain('guest');
    const reminder = bookingReminderHostMail({ when: 'tomorrow', what: 'interview', guest, interview });
    expect(reminder.text).toContain('Technical interview with Cara Candidate tomorrow');
    expect(reminder.text).toContain(interview.applicationUrl);
  });

  it('a meeting’s host mail keeps its own words, with a grammatical preheader', () => {
    const mail = bookingHostMail({ change: 'booked', when: 'Tuesday', what: 'meeting', guest });
    expect(mail.html).toContain('A meeting with Cara Candidate, booked: Tuesday.');
    expect(mail.text).toContain('write to the guest');
  });

  it('greets the guest by their first name', () => {
    const mail = bookingGuestMail({
      change: 'booked',
      guestName: ' Cara Candidate ',
      when: 'Tuesday',
      hostNames: 'Ivan',
      what: 'interview',
    });
    expect(mail.text).toContain('Hello Cara,');
    expect(mail.text).not.toContain('Hello Cara Candidate');
  });
});
