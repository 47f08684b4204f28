import { describe, expect, it } from 'vitest';
import { maskEmail } from '../forms';
import { parseSentApplication } from './confirmation';

describe('the confirmation of a sent application', () => {
  it('shows the address shortened, enough for its owner to recognise it', () => {
    expect(maskEmail('ana.souza@example.com')).toBe('a…@example.com');
    expect(maskEmail('a@x.co')).toBe('a…@x.co');
    expect(maskEmail('odd@at@example.com')).toBe('o…@example.com');
    expect(maskEmail('no-at-sign')).toBe('…');
  });

  it('reads back only what the apply form stored, and nothing from a tampered or foreign value', () => {
    expect(parseSentApplication(JSON.stringify({ position: 'Data Engineer', email: 'a…@example.com' }))).toEqual({
      position: 'Data Engineer',
      email: 'a…@example.com',
    });
    for (const stored of [null, '', 'null', '{', '[]', '{"position":1,"email":"x"}', '{"position":"x"}']) {
      expect(parseSentApplication(stored), String(stored)).toBeNull();
    }
  });
});
