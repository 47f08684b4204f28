import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, isHoneypotFilled } from './honeypot';
import { contactSubmissionSchema } from './messages/schema';

describe('honeypot', () => {
  it('is filled only by a non-blank value', () => {
    expect(isHoneypotFilled('https://spam.example')).toBe(true);
    expect(isHoneypotFilled('  ')).toBe(false);
    expect(isHoneypotFilled(undefined)).toBe(false);
  });

  it('is a field of every public form submission, under one name', () => {
    for (const schema of [contactSubmissionSchema]) expect(Object.keys(schema.shape)).toContain(HONEYPOT_FIELD);
  });
});
