import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharactersMessage } from '../lib/text';
import { filtersFromSearchParams } from '../lib/positions/filters';
import { parseWorkspaceQuery } from '../lib/applications/query';
import { parseUsersQuery } from '../lib/accounts/users-query';
import { alertDeps, subscribeToAlerts } from './alerts/alerts';
import { applicationDeps, submitApplication } from './applications/submit';
import { contactMessages, jobAlerts, applications } from './db/schema';
import { contactDeps, submitContactMessage } from './messages/submit';
import { listOpenPositions } from './positions/board';
import { startTestBackend, type TestBackend } from './testing/backend';
import { addPosition } from './testing/fixtures';

/**
 * The finding: a NUL byte in any text field made PostgreSQL fail, and the answer was a 500 with
 * the SQL and every value. Through the real commands and database: each form refuses it by the
 * one text rule, naming the field, and stores nothing; a search term has it dropped.
 */

let backend: TestBackend;
let positionId: string;
let ip = 0;
const nextIp = () => `192.0.2.${++ip}`;

beforeAll(async () => {
  backend = await startTestBackend();
  positionId = await addPosition(backend.database.db, { title: 'Cloud Engineer' });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

describe('a NUL byte', () => {
  it('in the contact form is refused on its field, and nothing is stored', async () => {
    const result = await submitContactMessage(
      contactDeps(backend.runtime),
      {
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@mail.test',
        phone: '',
        reason: 'support',
        message: 'Hello\u0000there',
        attachment_upload_id: '',
      },
      nextIp(),
    );
    expect(result).toEqual({ kind: 'invalid', fieldErrors: { message: controlCharactersMessage } });
    expect(await backend.database.db.select().from(contactMessages)).toEqual([]);
  });

  it('in an application is refused on its field, and nothing is stored', async () => {
    const result = await submitApplication(
      applicationDeps(backend.runtime),
      {
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@mail.test',
        country_code: '+1',
        phone: '(512) 555-0147',
        address: '100 Congress Ave\u0000, Austin',
        gender: 'female',
        linkedin_profile: '',
        github_profile: '',
        vercel_profile: '',
        cover_letter: 'Hello',
        resume_upload_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        privacy_acknowledged: true,
        position_id: positionId,
      },
      nextIp(),
    );
    expect(result).toMatchObject({ kind: 'invalid', fieldErrors: { address: controlCharactersMessage } });
    expect(await backend.database.db.select().from(applications)).toEqual([]);
  });

  it('in a job alert is refused, and nothing is stored or sent', async () => {
    const result = await subscribeToAlerts(alertDeps(backend.runtime), { email: 'jane@mail.test', location: 'Rem\u0000ote' }, nextIp());
    expect(result).toEqual({ kind: 'invalid', fieldErrors: { location: controlCharactersMessage } });
    expect(await backend.database.db.select().from(jobAlerts)).toEqual([]);
  });

  it('in a search term is dropped: /api/positions?q=%00 lists positions instead of failing', async () => {
    const filters = filtersFromSearchParams(new URLSearchParams('q=%00cloud%00&location=%00'));
    expect(filters).toEqual({ q: 'cloud', department: undefined, location: undefined });
    expect((await listOpenPositions(backend.database.db, filters)).map((position) => position.title)).toEqual(['Cloud Engineer']);
    expect(await listOpenPositions(backend.database.db, filtersFromSearchParams(new URLSearchParams('q=%00')))).toHaveLength(1);
    expect(parseWorkspaceQuery(new URLSearchParams('q=a%00b&source=x%00y'))).toMatchObject({ q: 'ab', source: 'xy' });
    expect(parseUsersQuery(new URLSearchParams('q=%00%1B'))).toMatchObject({ q: '' });
  });
});
