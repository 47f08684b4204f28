import { describe, expect, it } from 'vitest';
import { groupReads } from './reads';

const read = (id: number, email: string, action: string, at: string) => ({
  id,
  action,
  actorEmail: email,
  actorName: email.split('@')[0]!,
  at: new Date(at),
});

describe('who has read an application', () => {
  it('is one line per person and company day, with each action and how often, newest first', () => {
    // Newest first, as the audit log gives them. 2026-11-21 in Chicago runs 06:00Z to 06:00Z next day.
    const groups = groupReads([
      read(7, 'ana@h.test', 'application.viewed', '2026-11-22T03:00:00Z'),
      read(6, 'bo@h.test', 'application.resume_downloaded', '2026-11-21T20:00:00Z'),
      read(5, 'ana@h.test', 'application.resume_previewed', '2026-11-21T16:00:00Z'),
      read(4, 'ana@h.test', 'application.viewed', '2026-11-21T15:59:00Z'),
      read(3, 'ana@h.test', 'application.viewed', '2026-11-21T09:00:00Z'),
      read(2, 'ana@h.test', 'application.viewed', '2026-11-21T05:00:00Z'),
    ]);
    expect(groups.map((group) => [group.latest.id, group.actions])).toEqual([
      // 03:00Z on the 22nd is still the 21st in Chicago: one day with Ana's other reads of the 21st.
      [
        7,
        [
          { action: 'application.viewed', count: 3 },
          { action: 'application.resume_previewed', count: 1 },
        ],
      ],
      [6, [{ action: 'application.resume_downloaded', count: 1 }]],
      // 05:00Z on the 21st is the 20th in Chicago: a day of its own.
      [2, [{ action: 'application.viewed', count: 1 }]],
    ]);
    expect(groups[0]!.first).toEqual(new Date('2026-11-21T09:00:00Z'));
  });
});
