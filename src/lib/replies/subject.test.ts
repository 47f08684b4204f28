import { describe, expect, it } from 'vitest';
import { answerSubject } from './subject';

describe('answerSubject', () => {
  it('adds "Re: " once', () => {
    expect(answerSubject('Your start date')).toBe('Re: Your start date');
    expect(answerSubject('Re: Your start date')).toBe('Re: Your start date');
    expect(answerSubject('RE: Your start date')).toBe('RE: Your start date');
  });
});
