import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest } from '@playwright/test';
import { createEnrolledAdmin, expect, signInApiWithCode, test } from './fixtures';

/*
 * The security review's findings, tried against the built site as the reviewer tried them:
 * an open redirect through e-mail callbacks, the upload and download errors that answered 500,
 * a non-JSON action body, and the Content-Security-Policy and HSTS headers.
 */

const resumePath = fileURLToPath(new URL('../fixtures/resume.pdf', import.meta.url));

test('finding 1: a verification link with a callback off the site is refused, not followed', async ({ request }) => {
  const response = await request.get('/api/auth/verify-email?token=x&callbackURL=/..//evil.example/phish', { maxRedirects: 0 });
  expect(response.status()).toBe(400);
  expect(response.headers()['location']).toBeUndefined();
  expect(await response.json()).toMatchObject({ code: 'INVALID_REDIRECT' });
});

test("finding 5: Better Auth's update-user endpoint is closed (the account page's command, with the sign-up rules, is the way)", async ({
  request,
}) => {
  const response = await request.post('/api/auth/update-user', { data: { name: 'x' } });
  expect(response.status()).toBe(404);
});

test('finding 7: a chunked upload over 10 MB answers 413, a missing stored file 410', async ({ baseURL }) => {
  const url = new URL('/api/uploads?purpose=resume', baseURL);
  // No Content-Length: the body streams in chunks until the server cuts it off at 10 MB.
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/pdf',
          'X-File-Name': 'big.pdf',
          'Transfer-Encoding': 'chunked',
          'X-Forwarded-For': '10.77.0.1',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    chunk.write('%PDF-1.7\n');
    let sent = 0;
    const write = () => {
      while (sent < 11) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
  expect(status).toBe(413);

  // A resume whose stored file has gone (a restored backup without its files): 410, not 500.
  const admin = await createEnrolledAdmin(baseURL!, 'gone.files@helixpoint.test', 'gone files password');
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.2' } });
  await signInApiWithCode(client, admin, baseURL!);
  const resumes = join(process.env.E2E_DATA_DIR!, 'uploads', 'resumes');
  const before = new Set(readdirSync(resumes));
  const upload = await client.post('/api/uploads?purpose=resume', {
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'gone.pdf' },
    data: readFileSync(resumePath),
  });
  const { id } = (await upload.json()) as { id: string };
  const { positions } = (await (await client.get('/api/positions')).json()) as { positions: { id: string }[] };
  const applied = await client.post('/_actions/apply', {
    data: {
      first_name: 'Gone',
      last_name: 'File',
      email: 'gone.file@mail.test',
      country_code: '+1',
      phone: '5125550147',
      address: '100 Congress Ave, Austin, TX',
      gender: 'female',
      linkedin_profile: '',
      github_profile: '',
      vercel_profile: '',
      cover_letter: 'Hello',
      resume_upload_id: id,
      position_id: positions[0]!.id,
      privacy_acknowledged: true,
      company_website: '',
    },
  });
  expect(applied.status()).toBe(200);
  const stored = readdirSync(resumes).filter((name) => !before.has(name) && !name.includes('~'));
  expect(stored).toHaveLength(1);
  rmSync(join(resumes, stored[0]!));
  const list = await (await client.get(`/admin/applications/${positions[0]!.id}`)).text();
  const applicationId = new RegExp(`/admin/applications/${positions[0]!.id}/([0-9a-f-]{36})[^"]*"[^>]*>\\s*Gone File`).exec(list)?.[1];
  expect(applicationId).toBeTruthy();
  const download = await client.get(`/api/admin/resumes/${applicationId}`);
  expect(download.status()).toBe(410);
  await client.dispose();
});

test('finding 8: an action body that is not JSON answers 400 with a JSON error', async ({ request }) => {
  const response = await request.post('/_actions/apply', {
    headers: { 'Content-Type': 'application/json' },
    data: Buffer.from('{"first_name": '),
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ error: 'The request could not be read.' });
});

test('finding 9: every page has a Content-Security-Policy without unsafe-inline scripts', async ({ request }) => {
  // Rendered on demand: the header.
  const auth = await request.get('/auth');
  const header = auth.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(header)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(header).toContain("object-src 'none'");
  expect(header).toContain("base-uri 'self'");
  // Prerendered: the same policy in a meta element.
  const about = await (await request.get('/about')).text();
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(about)?.[1] ?? '';
  expect(/script-src ([^;]*)/.exec(meta)?.[1]).not.toContain('unsafe-inline');
  expect(meta).toMatch(/script-src 'self' 'sha256-/);
  // The test server is http: no HSTS (the https case is a unit test of the server).
  expect(auth.headers()['strict-transport-security']).toBeUndefined();
});
