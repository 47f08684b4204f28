import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../net.ts';
import { aptProgram } from './apt-program.ts';
import { ImapFlow } from 'imapflow';

/**
 * A private Dovecot IMAP server for integration tests (IMAP polling of a mailbox). Each
 * startDovecot() gets its own temp directory holding config, base_dir, state_dir, log and Maildir,
 * and its own port, so test files running at the same time never share anything, and nothing
 * under /etc/dovecot, /run/dovecot or /var/lib/dovecot is read or written.
 */

const USER = 'replies';
const PASSWORD = 'secret';
const HOST = '127.0.0.1';
// Waiting for this exact greeting rather than any connection proves the port is ours and the
// auth process is up: until it is, Dovecot accepts and answers "Waiting for authentication process".
const GREETING = 'Helixpoint test Dovecot ready.';
const START_DEADLINE_MS = 15_000;
const STOP_DEADLINE_MS = 5_000;
const PORT_ATTEMPTS = 5;
const INSTALL_HINT = 'the IMAP tests need Dovecot (Debian: apt-get install dovecot-imapd)';

export interface TestMailbox {
  /** e.g. imap://replies:secret@127.0.0.1:PORT/INBOX: IMAP on loopback, STARTTLS required before login. */
  url: string;
  /** The server's certificate (self-signed, for 127.0.0.1): the client's certificate authority. */
  ca: string;
  user: string;
  password: string;
  host: string;
  port: number;
  /** Puts a raw RFC 822 message into the INBOX as a mail server's delivery would: into the Maildir's tmp/, then renamed into new/. */
  deliver(raw: string | Buffer): Promise<void>;
  /** Messages in the INBOX and how they are flagged (read over IMAP with EXAMINE, so nothing changes). */
  inbox(): Promise<{ uid: number; seen: boolean; deleted: boolean; subject: string | undefined }[]>;
  /** Stops Dovecot (waiting for it to exit) and removes its temp directory. Safe to call twice. */
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

const dovecotProgram = aptProgram({
  program: 'dovecot',
  aptPackage: 'dovecot-imapd',
  dirs: ['/usr/sbin', '/usr/local/sbin'],
  hint: INSTALL_HINT,
});

/** Dovecot's program: found, or installed from Debian's apt when missing and we are root; undefined when it cannot be. */
export const findDovecot = () => dovecotProgram.find();

/** Why the tests that need Dovecot cannot run here, in one sentence, or null when they can. */
export const dovecotUnavailableReason = () => dovecotProgram.unavailableReason();

/** uid, gid and name of a user in /etc/passwd, and the name of its group in /etc/group. */
function account(match: (fields: string[]) => boolean) {
  const fields = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find(match);
  if (!fields) return undefined;
  const [name = '', , uid = '', gid = ''] = fields;
  const group = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[2] === gid)?.[0];
  return { name, uid: Number(uid), gid: Number(gid), group };
}

interface MailAccount {
  uid: number;
  gid: number;
  /** Settings that let Dovecot run without root. */
  rootless: string;
}

function mailAccount(): MailAccount {
  if (isRoot()) {
    // Dovecot refuses to run mail processes as root. nobody rather than the package's users, which
    // Dovecot keeps for its internal (dovecot) and login (dovenull) processes; dovecot where there is no nobody.
    const user = account(([name]) => name === 'nobody') ?? account(([name]) => name === 'dovecot');
    if (!user) throw new Error('No unprivileged user (nobody or dovecot) to run Dovecot’s mail processes as');
    return { uid: user.uid, gid: user.gid, rootless: '' };
  }
  // Without root every Dovecot process runs as us, and nothing can chroot.
  const uid = process.getuid?.() ?? 0;
  const user = account((fields) => fields[2] === String(uid));
  const name = user?.name ?? userInfo().username;
  const chrootless = ['anvil', 'imap-login', 'imap-urlauth-login', 'ipc', 'old-stats'].map(
    (service) => `service ${service} {\n  chroot =\n}`,
  );
  const group = user?.group ? [`default_internal_group = ${user.group}`] : [];
  return {
    uid,
    gid: process.getgid?.() ?? 0,
    rootless: [`default_internal_user = ${name}`, ...group, `default_login_user = ${name}`, ...chrootless].join('\n'),
  };
}

function dovecotConfig(dir: string, port: number, mail: MailAccount): string {
  return `# A test Dovecot's private configuration (src/server/testing/dovecot.ts).
protocols = imap
listen = ${HOST}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
login_greeting = ${GREETING}
# STARTTLS on the IMAP port, and no password before it (issue 50: the poller never sends one in clear).
ssl = required
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
disable_plaintext_auth = yes
auth_mechanisms = plain login
auth_verbose = yes
# A test of a wrong password should not wait the default 2 s.
auth_failure_delay = 0
mail_location = maildir:~/Maildir
first_valid_uid = ${mail.uid}
first_valid_gid = ${mail.gid}
${mail.rootless}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mail.uid} gid=${mail.gid} home=${dir}/home
}
protocol imap {
  # The default 10 per user and address is reached by a test's pollers, its own client and inbox().
  mail_max_userip_connections = 100
}
service imap-login {
  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

/** Resolves true once the port answers with our greeting, false on refusal, silence or closing. */
function greets(port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    let text = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(GREETING)) finish(true);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
  });
}

/** Settles with `fallback` after `ms` unless `promise` settles first, without leaving a timer behind. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

class PortTaken extends Error {}

async function startOnce(binary: string, mail: MailAccount): Promise<TestMailbox> {
  // Under /tmp, not $TMPDIR: the mail user must be able to enter every directory above the
  // Maildir, and base_dir's socket paths must stay under the 108-byte limit of a Unix socket.
  const dir = await mkdtemp('/tmp/helixpoint-dovecot-');
  await chmod(dir, 0o755);
  const maildir = join(dir, 'home', 'Maildir');
  try {
    for (const sub of ['cur', 'new', 'tmp']) await mkdir(join(maildir, sub), { recursive: true, mode: 0o700 });
    await mkdir(join(dir, 'state'));
    // Dovecot's mail processes run as the mail user, and create their index files in the Maildir.
    const owned = ['home', 'home/Maildir', 'home/Maildir/cur', 'home/Maildir/new', 'home/Maildir/tmp'];
    if (isRoot()) await Promise.all(owned.map((path) => chown(join(dir, path), mail.uid, mail.gid)));
    // Readable by the auth process, which runs as Dovecot's internal user; the password is a fixture.
    await writeFile(join(dir, 'passwd'), `${USER}:{PLAIN}${PASSWORD}\n`, { mode: 0o644 });
    // A certificate of its own for 127.0.0.1, made here (Debian's openssl, beside Dovecot): no network.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=IP:${HOST}`,
      ].concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const configPath = join(dir, 'dovecot.conf');
  await writeFile(configPath, dovecotConfig(dir, port, mail));

  // A clean environment: Dovecot would take LISTEN_FDS or NOTIFY_SOCKET inherited from a systemd session as its own.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' };
  if (process.env.TZ) env.TZ = process.env.TZ;
  const child = spawn(binary, ['-F', '-c', configPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitNote: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitNote = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      exitNote = error.message;
      resolve();
    });
  });
  // A test process that ends without stop() must not leave a Dovecot behind on the machine.
  const killOnExit = () => {
    child.kill('SIGTERM');
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Dovecot's processes may still be writing into it as they die.
    }
  };
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (exitNote === undefined) {
        // SIGTERM lets the master end and reap its imap, login and auth processes. Dovecot 2.3's master then
        // sleeps a fixed second before it exits; killing it sooner would orphan its log process.
        child.kill('SIGTERM');
        const ending = exited.then(() => true);
        if (!(await within(ending, STOP_DEADLINE_MS, false))) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    })());

  const deadline = Date.now() + START_DEADLINE_MS;
  while (!(await greets(port, Math.max(1, Math.min(1000, deadline - Date.now()))))) {
    if (exitNote !== undefined || Date.now() >= deadline) {
      const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
      const why = exitNote === undefined ? `no greeting on port ${port} within ${START_DEADLINE_MS} ms` : `it ended: ${exitNote}`;
      await stop();
      const details = `${output}\n${log}`.trim().split('\n').slice(-20).join('\n');
      const message = `Dovecot did not start (${why}). Its output and log:\n${details}`;
      throw /Address already in use/.test(details) ? new PortTaken(message) : new Error(message);
    }
    await delay(25);
  }

  let deliveries = 0;
  const ca = await readFile(join(dir, 'cert.pem'), 'utf8');
  return {
    url: `imap://${USER}:${PASSWORD}@${HOST}:${port}/INBOX`,
    ca,
    user: USER,
    password: PASSWORD,
    host: HOST,
    port,
    async deliver(raw) {
      // Maildir's unique name: seconds, then what is unique to this delivery, then a host.
      const name = `${Math.floor(Date.now() / 1000)}.P${process.pid}Q${++deliveries}R${Math.random().toString(36).slice(2, 8)}.helixpoint-test`;
      const temporary = join(maildir, 'tmp', name);
      await writeFile(temporary, raw, { mode: 0o600 });
      if (isRoot()) await chown(temporary, mail.uid, mail.gid);
      // Renamed into new/ whole, as a delivery agent does, so Dovecot never sees half a message.
      await rename(temporary, join(maildir, 'new', name));
    },
    async inbox() {
      const client = new ImapFlow({
        host: HOST,
        port,
        secure: false,
        doSTARTTLS: true,
        tls: { ca },
        auth: { user: USER, pass: PASSWORD },
        logger: false,
      });
      await client.connect();
      try {
        // EXAMINE, so that looking neither claims \Recent nor changes anything the code under test sees.
        const mailbox = await client.mailboxOpen('INBOX', { readOnly: true });
        if (mailbox.exists === 0) return [];
        const messages = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true });
        return messages.map((message) => ({
          uid: message.uid,
          seen: message.flags?.has('\\Seen') ?? false,
          deleted: message.flags?.has('\\Deleted') ?? false,
          subject: message.envelope?.subject,
        }));
      } finally {
        await client.logout();
      }
    },
    stop,
  };
}

/**
 * Starts a private Dovecot on 127.0.0.1 at a free port, with one user (replies / secret) whose
 * INBOX is an empty Maildir. IMAP with STARTTLS required before the plaintext login, on a
 * certificate of its own (`ca`). Call stop() when done.
 */
export async function startDovecot(): Promise<TestMailbox> {
  const binary = findDovecot();
  if (!binary) throw new Error(`Cannot start Dovecot: ${dovecotUnavailableReason()}`);
  const mail = mailAccount();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(binary, mail);
    } catch (error) {
      // Another process may take the free port between our probe and Dovecot's bind: pick another.
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}
