import { describe, expect, it } from 'vitest';
import { loggedPath } from './log-path';

describe('loggedPath', () => {
  it('replaces the token of a candidate link', () => {
    const token = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';
    expect(loggedPath(`/applications/${token}`)).toBe('/applications/:token');
    expect(loggedPath(`/applications/${token}/`)).toBe('/applications/:token/');
    // The offer letter of a candidate's page (issue 54).
    expect(loggedPath(`/applications/${token}/offer.pdf`)).toBe('/applications/:token/offer.pdf');
    expect(loggedPath(`/applications/${token}`)).not.toContain(token);
    expect(loggedPath(`/bookings/${token}`)).toBe('/bookings/:token');
    expect(loggedPath(`/interviews/${token}?tz=Europe%2FParis`)).toBe('/interviews/:token');
    expect(loggedPath(`/calendar/${token}.ics`)).toBe('/calendar/:token.ics');
  });

  it('leaves other paths alone', () => {
    expect(loggedPath('/applications')).toBe('/applications');
    expect(loggedPath('/applications/')).toBe('/applications/');
    expect(loggedPath('/account/applications')).toBe('/account/applications');
    expect(loggedPath('/admin/applications/123')).toBe('/admin/applications/123');
    expect(loggedPath('/careers')).toBe('/careers');
  });
});
