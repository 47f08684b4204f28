import { describe, expect, it } from 'vitest';
import { roles, withArticle } from './roles';

describe('withArticle', () => {
  it('reads as English for every role', () => {
    expect(roles.map(withArticle)).toEqual([
      'a user',
      'an admin',
      'a recruiter',
      'a hiring manager',
      'an interviewer',
      'an editor',
      'a salesperson',
    ]);
  });
});
