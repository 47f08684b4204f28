// One applicant as the browser does it: upload the resume, then submit the form. Used by the
// drills; bench/applicants.mjs has the same steps for its load figures.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A small file that is a PDF by its content. */
export function pdf(bytes = 32 * 1024) {
  const body = Buffer.alloc(bytes, 0x20);
  body.write('%PDF-1.4\n', 0);
  return body;
}

/**
 * fetch() over node:http, optionally from a chosen local address (127.0.0.N): through nginx,
 * each applicant is then a client of its own, as people on different networks are.
 */
export function send(url, { method = 'GET', headers = {}, body, localAddress, ca, timeoutMs = 30_000 } = {}) {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress, ca, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export function applicationForm(email, positionId, uploadId) {
  return {
    first_name: 'Drill',
    last_name: 'Applicant',
    email,
    country_code: '+1',
    phone: '(512) 555-0147',
    address: '100 Congress Ave, Austin, TX 78701',
    gender: 'prefer-not-to-say',
    linkedin_profile: '',
    github_profile: '',
    vercel_profile: '',
    cover_letter: 'Drill application.',
    resume_upload_id: uploadId,
    position_id: positionId,
    company_website: '',
    // The apply form's required consent (decision 022).
    privacy_acknowledged: true,
  };
}

/**
 * Uploads and submits once. Resolves { outcome: 'stored' | 'duplicate' } when the site
 * acknowledged the application (a duplicate means an earlier try was stored), or
 * { outcome: 'failed', step, status, error } when it did not.
 */
export async function applyOnce({ url, email, positionId, file, clientIp, localAddress, ca }) {
  const forwarded = clientIp ? { 'X-Forwarded-For': clientIp } : {};
  const started = performance.now();
  const timings = [];
  let upload;
  try {
    upload = await send(`${url}/api/uploads?purpose=resume`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'resume.pdf', 'Content-Length': String(file.length), ...forwarded },
      body: file,
      localAddress,
      ca,
    });
  } catch (error) {
    return { outcome: 'failed', step: 'upload', status: 0, error: error.code ?? error.message };
  }
  timings.push(performance.now() - started);
  if (upload.status !== 201) return { outcome: 'failed', step: 'upload', status: upload.status, error: upload.text.slice(0, 200) };
  const { id } = JSON.parse(upload.text);
  let submit;
  try {
    const body = JSON.stringify(applicationForm(email, positionId, id));
    submit = await send(`${url}/_actions/apply`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        ...forwarded,
      },
      body,
      localAddress,
      ca,
    });
  } catch (error) {
    return { outcome: 'failed', step: 'submit', status: 0, error: error.code ?? error.message };
  }
  const ms = performance.now() - started;
  timings.push(ms - timings[0]);
  // timings: each request's duration (upload, submit), for request-level percentiles.
  if (submit.status === 200 && submit.text.includes('submitted')) return { outcome: 'stored', uploadId: id, ms, timings };
  if (submit.status === 200 && submit.text.includes('duplicate')) return { outcome: 'duplicate', ms, timings };
  return { outcome: 'failed', step: 'submit', status: submit.status, error: submit.text.slice(0, 200) };
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
