import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { profileSchema, signUpSchema } from '../lib/accounts/schema';
import { addNoteSchema } from '../lib/applications/review';
import { applicationFormSchema } from '../lib/applications/schema';
import { sourceFields } from '../lib/applications/source';
import { templateSchema } from '../lib/applications/templates';
import { heardAboutFormSchema } from '../lib/insights/heard-about-form';
import { contactFormSchema } from '../lib/messages/schema';
import { positionFormSchema } from '../lib/positions/schema';
import { legalHoldSchema } from '../lib/privacy/admin';
import { screeningAnswersSchema } from '../lib/screening/answers-schema';
import { screeningQuestionSchema } from '../lib/screening/question-schema';
import { controlCharactersMessage, hasControlCharacters, searchTerm, withoutControlCharacters } from '../lib/text';
import { alertFormSchema } from './alerts/alerts';
import { linkRequestSchema } from './candidates/links';
import { z as zod } from 'zod/mini';

describe('control characters', () => {
  it('are NUL, the other C0 controls, DEL and C1; tab and line breaks are text', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
    }
    for (const text of ['tab\there', 'line\nbreak', 'windows\r\nline', 'José Zoë 東京 👋', 'a\u00a0b']) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });

  it('are dropped from search terms read from an address, which are trimmed and cut', () => {
    expect(withoutControlCharacters('cl\u0000oud\u001b')).toBe('cloud');
    expect(searchTerm(new URLSearchParams('q=%00%20cloud%00%20'), 'q', 100)).toBe('cloud');
    expect(searchTerm(new URLSearchParams('q=abcdef'), 'q', 3)).toBe('abc');
    expect(searchTerm(new URLSearchParams(''), 'q', 100)).toBe('');
  });
});

const question = { id: 'q1a2b3c4d5', type: 'long_text' as const, label: 'Why us?', required: true, options: [], knockout: null };

/** Every schema of text people type, with a valid value, and the text fields to try a NUL in. */
const schemas: [string, z.ZodMiniType, Record<string, unknown>, string[]][] = [
  [
    'the application form',
    applicationFormSchema,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.dev',
      country_code: '+1',
      phone: '(512) 555-0142',
      address: '600 Congress Avenue, Austin, TX',
      gender: 'female',
      linkedin_profile: '',
      github_profile: 'https://github.com/ada',
      vercel_profile: '',
      cover_letter: 'I build reliable cloud platforms.\n\tWith care.',
      resume_upload_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      privacy_acknowledged: true,
      heard_about: 'A friend',
    },
    ['first_name', 'last_name', 'email', 'phone', 'address', 'github_profile', 'cover_letter', 'heard_about'],
  ],
  [
    'the contact form',
    contactFormSchema,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.dev',
      phone: '+44 20 7946 0000',
      reason: 'support',
      message: 'Hello,\r\nplease call me.',
      attachment_upload_id: '',
    },
    ['first_name', 'last_name', 'email', 'phone', 'message'],
  ],
  [
    'sign-up',
    signUpSchema,
    { username: 'ada_l', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.dev', password: 'a long passphrase' },
    ['username', 'firstName', 'lastName', 'email'],
  ],
  ['the profile', profileSchema, { username: 'ada_l', firstName: 'Ada', lastName: 'Lovelace' }, ['username', 'firstName', 'lastName']],
  [
    'a position',
    positionFormSchema,
    {
      title: 'Cloud Engineer',
      departmentId: '',
      location: 'Remote',
      type: 'Remote',
      description: 'Build things.',
      requirements: 'Go\nRust',
      responsibilities: 'On call',
      salaryMin: '',
      salaryMax: '',
      closesAt: '',
      screeningQuestions: [],
    },
    ['title', 'location', 'description', 'requirements', 'responsibilities', 'salaryMin'],
  ],
  ['a screening question', screeningQuestionSchema, question, ['label']],
  ['screening answers', screeningAnswersSchema([question]), { [question.id]: 'Because.' }, [question.id]],
  ['an e-mail template', templateSchema, { key: 'received', subject: 'Hello {{first_name}}', body: 'Thanks.\n\nBye' }, ['subject', 'body']],
  ['a note', addNoteSchema, { applicationId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', body: 'Strong.' }, ['body']],
  ['a legal hold', legalHoldSchema, { applicationId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', reason: 'Court case 12' }, ['reason']],
  ['a job alert', alertFormSchema, { email: 'ada@example.dev', department: '', location: 'Remote' }, ['email', 'location']],
  ['a request for links', linkRequestSchema, { email: 'ada@example.dev' }, ['email']],
  [
    'the source fields',
    zod.object(sourceFields),
    { source: 'newsletter', source_medium: 'email', source_campaign: 'spring' },
    ['source', 'source_medium', 'source_campaign'],
  ],
];

describe('the one text rule', () => {
  it.each(schemas)('is part of %s: each text field refuses a NUL byte with the rule’s message', async (_name, schema, valid, fields) => {
    expect((await schema.safeParseAsync(valid)).success).toBe(true);
    for (const field of fields) {
      const value = String(valid[field]);
      const result = await schema.safeParseAsync({ ...valid, [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` });
      expect(result.success, field).toBe(false);
      const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
      expect(issue?.message, field).toBe(controlCharactersMessage);
    }
  });

  it('refuses an escape character hidden in a heard-about option', () => {
    const result = heardAboutFormSchema.safeParse({ options: ['LinkedIn', 'Fri\u001bend'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(controlCharactersMessage);
  });
});
