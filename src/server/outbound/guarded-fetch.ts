import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * Every request to a URL a person typed (a calendar's link, a CalDAV server, a webhook) goes
 * through here (issue 53, decision 062): http and https only; no loopback, private, link-local
 * (the clouds' metadata service at 169.254.169.254), carrier-grade NAT, multicast or reserved
 * address, checked on the addresses the name resolves to (every one of them) and on the address
 * the connection then uses, which is the one checked (no second lookup for a rebinding name to
 * answer otherwise); the same on every redirect, of which there are few; and limits on the size
 * of the answer (after decompression) and on the time the whole exchange takes. A company's own
 * server on its private network is reached only when OUTBOUND_ALLOWED_HOSTS names it.
 */

export type OutboundReason = 'scheme' | 'address' | 'dns' | 'redirects' | 'size' | 'timeout' | 'network';

/**
 * Why a request was not made or not finished, in words its owner reads on their page ("the
 * link's server did not answer within 10 seconds"). Never the URL: a calendar's secret link is
 * its password, and this message is shown and logged.
 */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly reason: OutboundReason;
  constructor(reason: OutboundReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Hosts, addresses and ranges (CIDR) that may be reached although private: OUTBOUND_ALLOWED_HOSTS. */
export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export const nothingAllowed: AllowList = { hosts: new Set(), ranges: [] };

/**
 * Reads OUTBOUND_ALLOWED_HOSTS: names, addresses and ranges, separated by commas
 * ("calendar.corp.example, 10.20.0.0/16, 127.0.0.1"). Throws on an entry that is none of them.
 */
export function parseAllowList(value: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('://')) throw new Error(`"${entry}" is a link: write its host name alone (such as calendar.corp.example)`);
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${entry}" is not an address range such as 10.20.0.0/16`);
      const [address, bits] = ipaddr.parseCIDR(entry);
      ranges.push([normalised(address), address.kind() === 'ipv6' && normalised(address).kind() === 'ipv4' ? bits - 96 : bits]);
    } else if (ipaddr.isValid(entry.replace(/^\[|\]$/g, ''))) {
      const address = normalised(ipaddr.parse(entry.replace(/^\[|\]$/g, '')));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(entry)) {
      hosts.add(entry);
    } else throw new Error(`"${entry}" is not a host name, an address or an address range`);
  }
  return { hosts, ranges };
}

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
function normalised(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/**
 * Whether an address is on the public internet: ipaddr.js's ranges, everything but "unicast"
 * refused. That includes the IPv6 forms that carry an IPv4 address (6to4, Teredo, NAT64): a public
 * server is reached by its own address, and such a form could carry a private one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return normalised(ipaddr.parse(address)).range() === 'unicast';
}

/** Whether `host`, resolved to `address`, may be reached: public, or named by the allow-list. */
export function mayReach(host: string, address: string, allow: AllowList): boolean {
  return isPublicAddress(address) || allowListed(host, address, allow);
}

/** Whether OUTBOUND_ALLOWED_HOSTS names the host, or a range holding the address (a name not looked up: pass it as both). */
export function allowListed(host: string, address: string, allow: AllowList): boolean {
  if (allow.hosts.has(host.toLowerCase())) return true;
  if (!ipaddr.isValid(address)) return false;
  const parsed = normalised(ipaddr.parse(address));
  return allow.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/** A name is reached only when every address it has may be: a rebinding name answers with both kinds. */
export const everyAddressReachable = (host: string, addresses: readonly LookupAddress[], allow: AllowList) =>
  addresses.length > 0 && addresses.every(({ address }) => mayReach(host, address, allow));

const refusedAddress = () =>
  new OutboundError('address', 'The link points to a private or local network address, which this site does not connect to.');

/**
 * The lookup the connection uses: every address the name has must be one it may reach (a name
 * answering with a public and a private address is refused), and the connection goes to what
 * was checked.
 */
function guardedLookup(allow: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error || addresses.length === 0) {
        callback(new OutboundError('dns', 'The link’s host name could not be found.'), '', 4);
        return;
      }
      if (!everyAddressReachable(hostname, addresses, allow)) {
        callback(refusedAddress(), '', 4);
        return;
      }
      if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface GuardedRequest {
  method?: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'PROPFIND' | 'REPORT';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The most the answer may hold, decompressed (default 5 MB). */
  maxBytes?: number;
  /** The whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3); 0: a redirect is the answer (a webhook's POST is not re-sent elsewhere). */
  maxRedirects?: number;
  allow?: AllowList;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

const MB = 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Makes the request, following redirects as far as the guard allows; the answer's status is the caller's to judge. */
export async function guardedFetch(input: string, request: GuardedRequest = {}): Promise<GuardedResponse> {
  const { maxBytes = 5 * MB, timeoutMs = 10_000, maxRedirects = 3, allow = nothingAllowed } = request;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = parseUrl(input);
  let method = request.method ?? 'GET';
  let body = request.body;
  let headers = { 'accept-encoding': 'gzip, deflate, br', ...lowerCased(request.headers ?? {}) };
  for (let redirects = 0; ; redirects += 1) {
    const response = await send(url, { method, headers, body, allow, deadline, timeoutMs });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location || maxRedirects === 0)
      return { ...(await read(response, maxBytes, deadline, timeoutMs)), url: url.href };
    response.resume();
    if (redirects >= maxRedirects) throw new OutboundError('redirects', `The link redirected more than ${maxRedirects} times.`);
    const next = parseUrl(new URL(location, url).href);
    // Credentials go to the server they were given for, never to another one a redirect names.
    if (next.origin !== url.origin) {
      const { authorization: _authorization, cookie: _cookie, ...rest } = headers as Record<string, string>;
      headers = rest as typeof headers;
    }
    if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    url = next;
  }
}

function parseUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('scheme', 'The link is not a web address (it must start with https:// or http://).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundError('scheme', 'The link is not a web address (it must start with https:// or http://).');
  return url;
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

interface Sending {
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  allow: AllowList;
  deadline: AbortSignal;
  timeoutMs: number;
}

function send(url: URL, { method, headers, body, allow, deadline, timeoutMs }: Sending): Promise<IncomingMessage> {
  // An address written in the link is not looked up: it is judged as it is.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !mayReach(host, host, allow)) return Promise.reject(refusedAddress());
  const options: RequestOptions = {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: guardedLookup(allow),
    signal: deadline,
    // A fresh connection each time: a kept one could have been opened to an address checked for another name.
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, resolve);
    outgoing.on('error', (error) => reject(failure(error, deadline, timeoutMs)));
    outgoing.end(body);
  });
}

function failure(error: unknown, deadline: AbortSignal, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (deadline.aborted)
    return new OutboundError(
      'timeout',
      `The server did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}.`,
    );
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'The server refused the connection.',
    ECONNRESET: 'The server closed the connection.',
    ENOTFOUND: 'The link’s host name could not be found.',
    EHOSTUNREACH: 'The server could not be reached.',
    ENETUNREACH: 'The server could not be reached.',
    CERT_HAS_EXPIRED: 'The server’s certificate has expired.',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'The server’s certificate is not one a browser would trust.',
    SELF_SIGNED_CERT_IN_CHAIN: 'The server’s certificate is not one a browser would trust.',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'The server’s certificate is not one a browser would trust.',
    ERR_TLS_CERT_ALTNAME_INVALID: 'The server’s certificate is for another name.',
  };
  return new OutboundError(code === 'ENOTFOUND' ? 'dns' : 'network', (code && words[code]) ?? 'The server could not be reached.');
}

/** The answer's body, decompressed, up to maxBytes: past it, the transfer is cut and the request refused. */
async function read(response: IncomingMessage, maxBytes: number, deadline: AbortSignal, timeoutMs: number) {
  const tooLarge = () => new OutboundError('size', `The answer is larger than ${Math.round(maxBytes / MB)} MB.`);
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const decoders: Record<string, () => Readable & NodeJS.WritableStream> = {
    gzip: createGunzip,
    'x-gzip': createGunzip,
    deflate: createInflate,
    br: createBrotliDecompress,
  };
  const decoder = decoders[encoding];
  if (encoding !== 'identity' && !decoder) {
    response.destroy();
    throw new OutboundError('network', 'The server answered in an encoding this site does not read.');
  }
  const source: Readable = decoder ? response.pipe(decoder()) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw error instanceof OutboundError ? error : failure(error, deadline, timeoutMs);
  } finally {
    // Cut whatever is left of the transfer (on a refusal) and free the decoder.
    response.destroy();
    if (source !== response) source.destroy();
  }
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
}

/**
 * Whether a URL may be reached, checked without a request: for the addresses a library fetches by
 * itself after we have read them from a document we fetched through the guard (an identity
 * provider's endpoints, decision 074). Every address the name has now must pass.
 */
export async function assertReachable(input: string, allow: AllowList = nothingAllowed): Promise<void> {
  const url = parseUrl(input);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses: LookupAddress[] = ipaddr.isValid(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(host, { all: true, verbatim: true }, (error, found: LookupAddress[]) =>
          error || found.length === 0 ? reject(new OutboundError('dns', 'The link’s host name could not be found.')) : resolve(found),
        ),
      );
  if (!everyAddressReachable(host, addresses, allow)) throw refusedAddress();
}
