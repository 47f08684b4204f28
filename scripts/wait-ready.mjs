// Waits until this instance answers GET /readyz with 200 (PORT and HOST as the server reads them),
// for systemd's ExecStartPost (deploy/helixpoint@.service): `systemctl restart` then returns only
// once the instance takes traffic. Exits 1 after WAIT_READY_SECONDS (default 170).
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST && process.env.HOST !== '0.0.0.0' ? process.env.HOST : '127.0.0.1';
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/readyz`;
const deadline = Date.now() + Number(process.env.WAIT_READY_SECONDS ?? 170) * 1000;
for (;;) {
  const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );
  if (status === 200) break;
  if (Date.now() > deadline) {
    console.error(`${url} did not answer 200 in time (last: ${status || 'no answer'}).`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`${url}: ready`);
