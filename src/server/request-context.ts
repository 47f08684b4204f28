import { clientIp } from './rate-limit.ts';
import { getRuntime } from './runtime.ts';

/**
 * The key rate limits count a request under: the client's IP, taken from X-Forwarded-For only
 * when TRUST_PROXY says a proxy of ours sets it. Astro's own clientAddress is the socket's peer.
 */
export function clientKeyOf(request: Request, socketAddress: string | undefined): string {
  return clientIp(request.headers, socketAddress, getRuntime().config.trustProxy);
}
