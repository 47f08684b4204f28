import { describe, expect, it } from 'vitest';
import { COMPANY_TIME_ZONE, companyDay, companyTimestamp, countOf, formatDate, formatDateTime, formatSalaryRange } from './format';

describe('formatting', () => {
  it('writes dates in words, in UTC', () => {
    expect(formatDate(new Date('2026-11-21T23:30:00Z'))).toBe('November 21, 2026');
  });

  it('writes admin timestamps in Texas time, with the zone named', () => {
    // 23:30 UTC in November is 5:30 PM Central Standard Time the same day; in July, daylight time.
    expect(formatDateTime(new Date('2026-11-21T23:30:00Z'))).toBe('Nov 21, 2026, 5:30 PM CST');
    expect(formatDateTime(new Date('2026-07-01T14:05:00Z'))).toBe('Jul 1, 2026, 9:05 AM CDT');
  });

  it('counts with the right noun', () => {
    expect(countOf(1, 'message')).toBe('1 message');
    expect(countOf(0, 'message')).toBe('0 messages');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
  });

  it('writes salary ranges, open-ended ones too', () => {
    expect(formatSalaryRange(150000, 185000, 'USD')).toBe('$150,000 – $185,000 a year');
    expect(formatSalaryRange(90000, null, 'USD')).toBe('From $90,000 a year');
    expect(formatSalaryRange(null, 60000, 'EUR')).toBe('Up to €60,000 a year');
    expect(formatSalaryRange(null, null, 'USD')).toBeNull();
  });

  it('writes an export’s moment in the company’s zone with its offset, winter and summer time', () => {
    expect(companyTimestamp(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21T04:00:00-06:00');
    expect(companyTimestamp(new Date('2026-07-01T23:30:05Z'))).toBe('2026-07-01T18:30:05-05:00');
    // Just after midnight there: the company's day, not UTC's.
    expect(companyTimestamp(new Date('2026-01-02T06:00:00Z'))).toBe('2026-01-02T00:00:00-06:00');
    expect(Date.parse(companyTimestamp(new Date('2026-03-08T08:30:00Z')))).toBe(Date.parse('2026-03-08T08:30:00Z'));
  });

  it('writes every moment of two years as Intl reads the zone, the days summer time starts and ends too', () => {
    const reference = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: COMPANY_TIME_ZONE,
      timeZoneName: 'longOffset',
    });
    const expected = (date: Date) => {
      const part = Object.fromEntries(reference.formatToParts(date).map(({ type, value }) => [type, value]));
      const offset = part.timeZoneName === 'GMT' ? '+00:00' : part.timeZoneName!.replace('GMT', '');
      return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
    };
    // Every 37 minutes and 11 seconds (so every minute of the hour comes up), and each second around the changes of 2026.
    const moments: Date[] = [];
    for (let at = Date.parse('2025-06-01T00:00:00Z'); at < Date.parse('2027-06-01T00:00:00Z'); at += 37 * 60_000 + 11_000)
      moments.push(new Date(at));
    for (const change of ['2026-03-08T08:00:00Z', '2026-11-01T07:00:00Z'])
      for (let second = -90; second <= 90; second += 1) moments.push(new Date(Date.parse(change) + second * 1000));
    const wrong = moments.filter((moment) => companyTimestamp(moment) !== expected(moment));
    expect(wrong.map((moment) => [moment.toISOString(), companyTimestamp(moment), expected(moment)])).toEqual([]);
    expect(moments.length).toBeGreaterThan(28_000);
  });

  it('gives the company’s day of each moment as Intl does, every second around its midnights and summer-time changes, asked in any order', () => {
    const reference = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    const moments: number[] = [];
    // Midnight there in winter (06:00 UTC) and summer (05:00 UTC), and the hours summer time starts and ends.
    for (const edge of [
      '2026-01-02T06:00:00Z',
      '2026-07-02T05:00:00Z',
      '2026-03-08T08:00:00Z',
      '2026-11-01T07:00:00Z',
      '2026-11-01T06:00:00Z',
    ])
      for (let second = -150; second <= 150; second += 1) moments.push(Date.parse(edge) + second * 1000);
    // Back and forth across one midnight: a kept minute must not answer for another.
    moments.push(Date.parse('2026-01-02T05:59:59Z'), Date.parse('2026-01-02T06:00:00Z'), Date.parse('2026-01-02T05:59:00Z'));
    // Before 1972, offsets had seconds (Chicago's own until 1883): asked of Intl each time.
    moments.push(Date.parse('1883-11-18T17:50:00Z'), Date.parse('1883-11-18T17:51:00Z'), Date.parse('1883-11-18T17:50:30Z'));
    const wrong = moments
      .map((at) => new Date(at))
      .filter((moment) => companyDay(moment) !== reference.format(moment))
      .map((moment) => moment.toISOString());
    expect(wrong).toEqual([]);
    expect(companyDay(new Date('2026-01-02T05:59:59Z'))).toBe('2026-01-01');
    expect(companyDay(new Date('2026-01-02T06:00:00Z'))).toBe('2026-01-02');
  });
});
