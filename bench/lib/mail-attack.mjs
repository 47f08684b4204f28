// The mail attack of the hostile-traffic drill (issue 50): what anyone who applied once can send to
// the live reply address of their acknowledgement. 100 idle connections from one client, then four
// 24 MB mails at once from four other clients (two with a 17 MB attachment, two with a 24 MB text
// part), while /healthz is probed and the resident memory of the server and of its mail reader are
// sampled every 20 ms. Returns the figures; the drill judges them.
import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { percentile } from './applicant.mjs';
import { startHealthProbe } from './health-probe.mjs';
import { sleep } from './site.mjs';

const MB = 1024 * 1024;

/** Resident memory of a process in MB, from /proc; null when it is gone. */
function residentMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid` (the server's helpers: the mail reader among them). */
function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === pid) found.push({ pid: Number(entry), cmdline });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Opens `count` SMTP connections from `localAddress` and leaves them idle; resolves with how each was greeted. */
async function idleConnections(port, localAddress, count) {
  const sockets = [];
  const greetings = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const socket = connect({ host: '127.0.0.1', port, localAddress });
          sockets.push(socket);
          socket.setEncoding('utf8');
          socket.once('data', (line) => resolve(line.slice(0, 3)));
          socket.on('error', () => resolve('error'));
        }),
    ),
  );
  return { greetings, close: () => sockets.forEach((socket) => socket.destroy()) };
}

function bigMail({ from, to, kind }) {
  if (kind === 'attachment')
    return {
      from,
      to,
      subject: 'Re: your application',
      text: 'Here is my portfolio.',
      attachments: [{ filename: 'portfolio.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(17 * MB, 0x41)]) }],
    };
  return { from, to, subject: 'Re: your application', text: `${'y'.repeat(998)}\n`.repeat(Math.floor((24 * MB) / 999)) };
}

export async function mailAttack({ url, smtpPort, replyTo, serverPid }) {
  const prober = await startHealthProbe(url, 20);
  const memory = { server: residentMb(serverPid) ?? 0, serverPeak: 0, readerPeak: 0 };
  const sampler = setInterval(() => {
    memory.serverPeak = Math.max(memory.serverPeak, residentMb(serverPid) ?? 0);
    for (const child of childrenOf(serverPid))
      if (child.cmdline.includes('--mail-reader')) memory.readerPeak = Math.max(memory.readerPeak, residentMb(child.pid) ?? 0);
  }, 20);
  const started = Date.now();
  const idle = await idleConnections(smtpPort, '127.0.0.6', 100);
  const results = await Promise.allSettled(
    ['attachment', 'text', 'attachment', 'text'].map(async (kind, index) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
        localAddress: `127.0.0.${index + 2}`,
        socketTimeout: 120_000,
      });
      try {
        const mailStarted = performance.now();
        const info = await transport.sendMail(bigMail({ from: 'attacker@evil.test', to: replyTo, kind }));
        return { kind, ms: performance.now() - mailStarted, response: info.response };
      } finally {
        transport.close();
      }
    }),
  );
  // The idle connections are held a little longer: the server goes on meanwhile.
  await sleep(500);
  idle.close();
  clearInterval(sampler);
  const samples = await prober.stop();
  const times = samples.map((sample) => sample.ms);
  return {
    seconds: (Date.now() - started) / 1000,
    idle: {
      accepted: idle.greetings.filter((code) => code === '220').length,
      refused: idle.greetings.filter((code) => code === '421').length,
    },
    mails: results.map((result) =>
      result.status === 'fulfilled' ? result.value : { failed: String(result.reason?.response ?? result.reason?.message ?? result.reason) },
    ),
    memory: {
      before: Math.round(memory.server),
      serverPeak: Math.round(memory.serverPeak),
      readerPeak: Math.round(memory.readerPeak),
    },
    health: {
      probes: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: Math.max(...times),
      ok: samples.every((sample) => sample.status === 200),
    },
  };
}
