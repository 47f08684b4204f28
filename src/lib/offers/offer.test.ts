import { describe, expect, it } from 'vitest';
import {
  decideApprovalSchema,
  fillOfferLetter,
  formatOfferPay,
  markdownText,
  offerPlaceholderValues,
  offerTemplateSchema,
  offerTermsSchema,
  signatureMatches,
  standardOfferLetter,
  withinBand,
} from './offer';

/* The offer's rules shared by its forms and the server (issue 54). */

const terms = {
  letter: 'Dear {{first_name}}',
  startDate: '2027-04-01',
  expiresOn: '2027-03-09',
  salary: '150,000',
  currency: 'EUR',
  period: 'year',
  bonus: '',
  equity: '',
  location: 'Berlin',
  reportingTo: '',
  approvalMode: 'sequence',
};
const firstError = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)[0];

describe('an offer’s terms', () => {
  it('are accepted as the form sends them, the salary with its commas', () => {
    expect(offerTermsSchema.parse(terms)).toMatchObject({ salary: '150,000', startDate: '2027-04-01' });
  });

  it('are refused on the field that is wrong, with its rule', () => {
    expect(firstError(offerTermsSchema.safeParse({ ...terms, salary: '' }))).toBe('salary: Enter the salary');
    expect(firstError(offerTermsSchema.safeParse({ ...terms, salary: '150k' }))).toBe('salary: Enter a whole number, such as 120000');
    expect(firstError(offerTermsSchema.safeParse({ ...terms, startDate: '2027-02-30' }))).toBe('startDate: Choose the start date');
    expect(firstError(offerTermsSchema.safeParse({ ...terms, expiresOn: '2027-04-02' }))).toBe(
      'expiresOn: The offer must expire before the start date',
    );
    expect(firstError(offerTermsSchema.safeParse({ ...terms, location: '  ' }))).toBe(
      'location: Enter where the work is (at most 200 characters)',
    );
    expect(firstError(offerTermsSchema.safeParse({ ...terms, bonus: 'x'.repeat(201) }))).toBe('bonus: Must be at most 200 characters long');
    expect(firstError(offerTermsSchema.safeParse({ ...terms, letter: 'Dear {{frist_name}}' }))).toBe(
      'letter: Unknown placeholder: {{frist_name}}',
    );
    expect(firstError(offerTermsSchema.safeParse({ ...terms, location: 'Berlin\u0000' }))).toMatch(/^location: /);
  });

  it('the standard letter uses only known placeholders', () => {
    expect(offerTemplateSchema.safeParse({ name: standardOfferLetter.name, body: standardOfferLetter.body }).success).toBe(true);
  });
});

describe('an approver’s decision', () => {
  it('asks for a comment only when asking for changes', () => {
    const offerId = '0b6f6d4e-1c2a-4e7b-9a51-3d0c5f1e2a77';
    expect(decideApprovalSchema.safeParse({ offerId, decision: 'approved', comment: '' }).success).toBe(true);
    expect(firstError(decideApprovalSchema.safeParse({ offerId, decision: 'changes', comment: ' ' }))).toBe(
      'comment: Say what should change (at most 2,000 characters)',
    );
  });
});

describe('the letter', () => {
  const values = offerPlaceholderValues({
    candidateName: '[Click me](javascript:alert(1)) *Ann*',
    positionTitle: 'Data Engineer',
    startDate: '2027-04-01',
    expiresOn: '2027-03-09',
    salary: 150000,
    currency: 'EUR',
    period: 'month',
    bonus: '',
    equity: '0.1% over 4 years',
    location: 'Berlin',
    reportingTo: '',
    senderName: 'Rita Recruiter',
    company: 'Helixpoint',
  });

  it('fills each placeholder, empty optional terms said as such', () => {
    expect(
      fillOfferLetter('{{position_title}} at {{currency}} {{salary}} {{salary_period}} from {{start_date}}, until {{expiry_date}}', values),
    ).toBe('Data Engineer at EUR 150,000 a month from April 1, 2027, until March 9, 2027');
    expect(fillOfferLetter('{{bonus}} / {{reporting_to}}', values)).toBe('None / To be confirmed');
  });

  it('reads every value as plain text: a name cannot become a link or emphasis', () => {
    expect(fillOfferLetter('Dear {{candidate_name}}', values)).toBe('Dear \\[Click me\\](javascript:alert(1)) \\*Ann\\*');
    expect(markdownText('- not a list')).toBe('\\- not a list');
    expect(markdownText('1. not a list')).toBe('1\\. not a list');
    expect(markdownText('# not a heading')).toBe('\\# not a heading');
    expect(markdownText('R&amp;D')).toBe('R\\&amp;D');
    expect(markdownText('---')).toBe('\\---');
    expect(markdownText('=== bonus')).toBe('\\=== bonus');
  });

  it('says its pay in one line', () => {
    expect(formatOfferPay({ salary: 85, currency: 'USD', period: 'hour' })).toBe('USD 85 an hour');
  });
});

describe('the signature and the band', () => {
  it('matches the name on the offer, whatever the case, spacing and Unicode form', () => {
    expect(signatureMatches('  łukasz   ŻÓŁĆ ', 'Łukasz Żółć')).toBe(true);
    expect(signatureMatches('Zoe\u0308 Smith', 'Zoë Smith')).toBe(true);
    expect(signatureMatches('Lukasz Zolc', 'Łukasz Żółć')).toBe(false);
    expect(signatureMatches('Łukasz', 'Łukasz Żółć')).toBe(false);
  });

  it('is within the band only in its currency and period, between its ends', () => {
    const band = { min: 150000, max: 180000, currency: 'EUR', period: 'year' as const };
    expect(withinBand({ salary: 180000, currency: 'EUR', period: 'year' }, band)).toBe(true);
    expect(withinBand({ salary: 180001, currency: 'EUR', period: 'year' }, band)).toBe(false);
    expect(withinBand({ salary: 160000, currency: 'USD', period: 'year' }, band)).toBe(false);
    expect(withinBand({ salary: 15000, currency: 'EUR', period: 'month' }, band)).toBe(false);
    expect(withinBand({ salary: 160000, currency: 'EUR', period: 'year' }, null)).toBe(false);
  });
});
