// Debian's nginx for the benches and drills: found (or installed when missing and we are root),
// started with a configuration of this run's own (pid, logs and temp paths in a temporary
// directory, so it never touches /etc/nginx or /var/log/nginx), reloaded and stopped.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** nginx's path; installs Debian's package when it is missing and we may (root); undefined otherwise. */
export function findNginx({ install = true } = {}) {
  const found = PATHS.find((path) => existsSync(path));
  if (found || !install) return found;
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log('nginx is missing: installing Debian’s nginx package…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
    return PATHS.find((path) => existsSync(path));
  }
  return undefined;
}

/**
 * nginx and openssl (for the drill's test certificate), or null after saying why the drill is
 * skipped: they come from Debian's apt, which not every machine may use.
 */
export function nginxForDrill(drill) {
  const nginx = findNginx();
  if (!nginx) {
    console.log(
      `SKIPPED: the ${drill} drill needs nginx (Debian: apt-get install nginx), which is not installed and cannot be installed here (not root).`,
    );
    return null;
  }
  if (spawnSync('openssl', ['version']).status !== 0) {
    console.log(`SKIPPED: the ${drill} drill needs openssl for its test certificate (Debian: apt-get install openssl).`);
    return null;
  }
  return nginx;
}

export function nginxVersion(nginx) {
  const result = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  return `${result.stderr || result.stdout}`.trim();
}

/** The top-level nginx.conf of a run: its own pid, logs and temp paths; `http` is the http block's content. */
export function nginxMainConfig(dir, http, { workers = 1 } = {}) {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp), { recursive: true });
    chmodSync(join(dir, temp), 0o777);
  }
  return `worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/**
 * Writes `dir/nginx.conf` from `http` (the http block's content), checks it with `nginx -t` and
 * starts nginx in the foreground. Returns reload(http) and stop().
 */
export async function startNginx(nginx, dir, http, options = {}) {
  const conf = join(dir, 'nginx.conf');
  const args = ['-p', dir, '-c', conf];
  const write = (content) => {
    writeFileSync(conf, nginxMainConfig(dir, content, options));
    const test = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  };
  write(http);
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    /** New configuration: nginx starts new workers with it and lets the old ones finish their requests. */
    reload(content) {
      write(content);
      execFileSync(nginx, [...args, '-s', 'reload'], { stdio: 'ignore' });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * deploy/nginx.conf with a run's own listen ports, upstream instances, certificate and cache
 * directory (`cacheDir`, for /var/lib/nginx): the drills start nginx with the very file operators install.
 */
export function deployedSiteConfig({ httpPort, httpsPort, ports, cert, key, cacheDir }) {
  const shipped = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
  const replace = (text, pattern, replacement, what) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${what}; update bench/lib/nginx.mjs`);
    return text.replace(pattern, replacement);
  };
  let config = shipped;
  config = replace(
    config,
    /(upstream helixpoint \{[\s\S]*?)((?:\s*server 127\.0\.0\.1:\d+ [^;]*;)+)/,
    (_all, head, servers) => {
      const options = /server 127\.0\.0\.1:\d+ ([^;]*);/.exec(servers)[1];
      return `${head}${ports.map((port) => `\n    server 127.0.0.1:${port} ${options};`).join('')}`;
    },
    'an upstream block with server lines',
  );
  config = replace(config, /listen 80;/, `listen 127.0.0.1:${httpPort};`, 'listen 80');
  config = replace(config, /listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`, 'listen 443 ssl http2');
  config = replace(config, /ssl_certificate \S+;/, `ssl_certificate ${cert};`, 'ssl_certificate');
  config = replace(config, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`, 'ssl_certificate_key');
  config = replace(config, /proxy_cache_path \/var\/lib\/nginx\//g, `proxy_cache_path ${cacheDir}/`, 'proxy_cache_path');
  return config;
}

/** A throwaway certificate for 127.0.0.1 in `dir` (openssl): { cert, key, ca } (ca: the certificate's bytes). */
export function selfSignedCertificate(dir) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, ca: readFileSync(cert) };
}
