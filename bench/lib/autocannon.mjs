// autocannon as the benches' load generator, without the cost of reading every body as text.
//
// autocannon 9 appends each chunk of each response body to a string (pipelinedRequestsQueue's
// addBody: `req.body += data`), for the onResponse and expectBody options, which the benches do not
// use. On a 73 KB gzip script that UTF-8 decoding of binary bytes was 65% of the loader's time: it
// took 780-930 responses a second whatever answered, nginx included, and its p99 (107-157 ms at 50
// connections) was the loader's own queue, not the server's. Without it the same nginx answers
// 12,500 a second at p99 24 ms. Bytes are still counted (addByteCount); bodies are not kept.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue.js');
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') {
  throw new Error('autocannon changed: pipelinedRequestsQueue has no addBody to replace (bench/lib/autocannon.mjs)');
}
PipelinedRequestsQueue.prototype.addBody = function addBody() {};

/** autocannon's run, as a promise: bodies are counted, not kept. */
export function load(options) {
  if (options.expectBody || options.requests?.some((request) => request.onResponse)) {
    throw new Error('bench/lib/autocannon.mjs keeps no bodies: expectBody and onResponse cannot be used with it');
  }
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}
