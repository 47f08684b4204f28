// 50 applicants at once, each uploading a 1 MB resume and then submitting the form, against the
// production build and its embedded PostgreSQL. Prints throughput and latency, then checks that
// every application and every resume was stored exactly once.
//   npm run build && npx node bench/applicants.mjs [--applicants 50] [--json]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { applicationForm } from './lib/applicant.mjs';
import { serveBuild } from './serve-build.mjs';

const args = process.argv.slice(2);
const APPLICANTS = Number(args[args.indexOf('--applicants') + 1]) || 50;
const RESUME_BYTES = 1024 * 1024;

/** A 1 MB file that is a PDF by its content. */
function resume() {
  const bytes = Buffer.alloc(RESUME_BYTES, 0x20);
  bytes.write('%PDF-1.4\n', 0);
  return bytes;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function applicant(url, index, positionId, file) {
  // Each applicant is its own client (TRUST_PROXY is on), as 50 people on 50 networks are.
  const ip = `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const started = performance.now();
  const upload = await fetch(`${url}/api/uploads?purpose=resume`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': `resume-${index}.pdf`, 'X-Forwarded-For': ip },
    body: file,
  });
  const uploaded = await upload.json();
  const uploadMs = performance.now() - started;
  if (upload.status !== 201) throw new Error(`upload ${index}: ${upload.status} ${JSON.stringify(uploaded)}`);
  const form = {
    ...applicationForm(`bench-${index}@load.test`, positionId, uploaded.id),
    first_name: 'Bench',
    last_name: `Applicant ${String.fromCharCode(65 + (index % 26))}`,
    cover_letter: 'Load test application.',
  };
  const submitStarted = performance.now();
  const submit = await fetch(`${url}/_actions/apply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(form),
  });
  const answer = await submit.text();
  const submitMs = performance.now() - submitStarted;
  if (submit.status !== 200 || !answer.includes('submitted')) throw new Error(`submit ${index}: ${submit.status} ${answer.slice(0, 200)}`);
  return { uploadMs, submitMs, totalMs: performance.now() - started };
}

async function main() {
  const server = await serveBuild({ env: { TRUST_PROXY: '1' } });
  const db = new pg.Client({
    host: '127.0.0.1',
    port: Number(readFileSync(join(server.dataDir, 'postgres.port'), 'utf8')),
    user: 'postgres',
    password: readFileSync(join(server.dataDir, 'postgres-password'), 'utf8').trim(),
    database: 'helixpoint',
  });
  try {
    const { positions } = await (await fetch(`${server.url}/api/positions`)).json();
    const file = resume();
    // One warm-up request so the first applicant does not pay for cold code paths alone.
    await fetch(`${server.url}/careers`);

    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: APPLICANTS }, (_, index) => applicant(server.url, index, positions[index % positions.length].id, file)),
    );
    const wallMs = performance.now() - started;
    const failures = results.filter((result) => result.status === 'rejected').map((result) => result.reason.message);
    const timings = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);

    await db.connect();
    const stored = (
      await db.query(
        `select count(*)::int as applications, count(distinct resume_upload_id)::int as resumes from applications where email like 'bench-%'`,
      )
    ).rows[0];
    const uploadRows = (await db.query(`select count(*)::int as n from uploads where attached_at is not null`)).rows[0].n;
    const files = readdirSync(join(server.dataDir, 'uploads', 'resumes')).filter((name) => !name.includes('~')).length;

    const report = {
      applicants: APPLICANTS,
      succeeded: timings.length,
      wallSeconds: Number((wallMs / 1000).toFixed(2)),
      applicationsPerSecond: Number((timings.length / (wallMs / 1000)).toFixed(1)),
      uploadMegabytesPerSecond: Number(((timings.length * RESUME_BYTES) / 1024 / 1024 / (wallMs / 1000)).toFixed(1)),
      latencyMs: Object.fromEntries(
        ['uploadMs', 'submitMs', 'totalMs'].map((key) => {
          const values = timings.map((timing) => timing[key]);
          return [
            key.replace('Ms', ''),
            { p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), max: Math.round(Math.max(...values)) },
          ];
        }),
      ),
      stored: { applications: stored.applications, distinctResumes: stored.resumes, attachedUploads: uploadRows, resumeFiles: files },
      failures,
    };
    const exact = stored.applications === APPLICANTS && stored.resumes === APPLICANTS && uploadRows === APPLICANTS && files === APPLICANTS;

    if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(
        `${APPLICANTS} concurrent applicants, each a ${RESUME_BYTES / 1024 / 1024} MB resume upload + submit (production build, embedded PostgreSQL):`,
      );
      console.log(
        `  wall time ${report.wallSeconds} s, ${report.applicationsPerSecond} applications/s, ${report.uploadMegabytesPerSecond} MB/s of resumes`,
      );
      for (const [step, { p50, p95, max }] of Object.entries(report.latencyMs))
        console.log(`  ${step.padEnd(7)} p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`);
      console.log(
        `  stored: ${stored.applications} applications, ${stored.resumes} distinct resumes, ${uploadRows} attached uploads, ${files} resume files`,
      );
      console.log(
        exact
          ? `  every application and resume stored exactly once (${APPLICANTS} of ${APPLICANTS})`
          : '  MISMATCH: stored counts differ from the number submitted',
      );
      for (const failure of failures) console.log(`  failed: ${failure}`);
    }
    process.exitCode = exact && failures.length === 0 ? 0 : 1;
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
