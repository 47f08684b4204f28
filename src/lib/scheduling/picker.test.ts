import { describe, expect, it } from 'vitest';
import { isTimeZone, whenLabel, zoneOrCompany } from './format';
import { meetingFormSchema } from './meeting-form';
import { pickerOf } from './picker';

/* Times as visitors read them: grouped by their own day, always with the zone. */

const starts = ['2026-11-30T23:30:00Z', '2026-12-01T00:00:00Z', '2026-12-01T15:00:00Z'].map((iso) => new Date(iso));
const href = (day: string) => `/contact/book?day=${day}`;

describe('the time picker', () => {
  it('groups times by the visitor’s day: the same instants fall on other days in another zone', () => {
    const chicago = pickerOf(starts, 'America/Chicago', { day: null, selected: '', href });
    expect(chicago.days.map((day) => [day.key, day.count])).toEqual([
      ['2026-11-30', 2],
      ['2026-12-01', 1],
    ]);
    expect(chicago.times.map((time) => time.label)).toEqual(['5:30 PM', '6:00 PM']);
    const paris = pickerOf(starts, 'Europe/Paris', { day: null, selected: '', href });
    expect(paris.days.map((day) => [day.key, day.count])).toEqual([['2026-12-01', 3]]);
    expect(paris.times.map((time) => time.label)).toEqual(['12:30 AM', '1:00 AM', '4:00 PM']);
  });

  it('opens the asked day, else the chosen time’s day, else the first; an unknown day falls back', () => {
    expect(pickerOf(starts, 'America/Chicago', { day: '2026-12-01', selected: '', href }).current).toBe('2026-12-01');
    expect(pickerOf(starts, 'America/Chicago', { day: null, selected: '2026-12-01T15:00:00.000Z', href }).current).toBe('2026-12-01');
    expect(pickerOf(starts, 'America/Chicago', { day: '2030-01-01', selected: 'nonsense', href }).current).toBe('2026-11-30');
    expect(pickerOf([], 'America/Chicago', { day: null, selected: '', href })).toMatchObject({ days: [], times: [], current: null });
  });
});

describe('zones', () => {
  it('accept real zone names only, and fall back to the company’s', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(zoneOrCompany('Not/AZone')).toBe('America/Chicago');
    expect(whenLabel(new Date('2026-12-01T15:00:00Z'), 'America/Chicago')).toBe('Tuesday, December 1, 2026 at 9:00 AM CST');
  });

  it('the form names the field and the rule', () => {
    const result = meetingFormSchema.safeParse({ name: 'A', email: 'nope', start: '2026-12-01T15:00', time_zone: 'Mars/Olympus' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(messages).toEqual({
      name: 'Please enter your name (at least 2 characters).',
      email: 'Please enter a valid email address',
      start: 'Please choose one of the times shown.',
      time_zone: 'Please choose a time zone from the list.',
    });
  });
});
