// One series of the server's /metrics (Prometheus text), for benches that start it with METRICS_TOKEN.

/** The value of `series` (its name with its labels, as /metrics writes it), or undefined when the server has none yet. */
export async function metricValue(url, token, series) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
