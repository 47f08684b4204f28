import { createHash } from 'node:crypto';
// Types only: the module itself is not loaded (the server uses better-auth/minimal).
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * Session tokens kept as digests (decision 029). Better Auth stores a session's token as it puts it
 * in the cookie, so a copy of the database (a backup, a replica) would open every account signed
 * in. It has no option to hash them; this wraps its database adapter instead: a session is written
 * with the SHA-256 of its token, every lookup by token looks up the digest, and a row read by its
 * token is handed back with the token that found it, so Better Auth works on as before.
 *
 * A digest read back any other way (the sessions of a user) stays a digest: presented as a token it
 * is hashed again and matches nothing, so it never opens a session. Better Auth's own "revoke the
 * other sessions" endpoint works that way and is closed here (auth-handler.ts); ours end sessions by id.
 */

/** The stored form of a session token: SHA-256, base64url without padding (43 characters). */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const isSessionModel = (model: string) => model === 'session' || model === 'sessions';

type AnyAdapter = DBAdapter | DBTransactionAdapter;

/** The where clauses with every token replaced by its digest, and the tokens by digest (to hand rows back). */
function hashedWhere(where: Where[] | undefined): { where: Where[] | undefined; tokens: Map<string, string> } {
  const tokens = new Map<string, string>();
  const hash = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const digest = hashSessionToken(value);
    tokens.set(digest, value);
    return digest;
  };
  const mapped = where?.map((clause) =>
    clause.field === 'token'
      ? { ...clause, value: (Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value)) as Where['value'] }
      : clause,
  );
  return { where: mapped, tokens };
}

/** A session row as Better Auth expects it: the token that found it, not its digest. */
function withToken<T>(row: T, tokens: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as { token?: unknown }).token;
  return typeof token === 'string' && tokens.has(token) ? { ...row, token: tokens.get(token) } : row;
}

function wrap<A extends AnyAdapter>(inner: A): A {
  const adapter: AnyAdapter = {
    ...inner,
    async create(data) {
      if (!isSessionModel(data.model)) return inner.create(data);
      const token = (data.data as { token?: unknown }).token;
      if (typeof token !== 'string') return inner.create(data);
      const created = await inner.create({ ...data, data: { ...data.data, token: hashSessionToken(token) } });
      return { ...(created as object), token } as never;
    },
    async findOne(data) {
      if (!isSessionModel(data.model)) return inner.findOne(data);
      const { where, tokens } = hashedWhere(data.where);
      return withToken(await inner.findOne({ ...data, where: where ?? [] }), tokens);
    },
    async findMany<T>(data: Parameters<AnyAdapter['findMany']>[0]) {
      if (!isSessionModel(data.model)) return inner.findMany<T>(data);
      const { where, tokens } = hashedWhere(data.where);
      return (await inner.findMany<T>({ ...data, where })).map((row) => withToken(row, tokens));
    },
    async count(data) {
      return isSessionModel(data.model) ? inner.count({ ...data, where: hashedWhere(data.where).where }) : inner.count(data);
    },
    async update(data) {
      if (!isSessionModel(data.model)) return inner.update(data);
      const { where, tokens } = hashedWhere(data.where);
      return withToken(await inner.update({ ...data, where: where ?? [] }), tokens);
    },
    async updateMany(data) {
      return isSessionModel(data.model)
        ? inner.updateMany({ ...data, where: hashedWhere(data.where).where ?? [] })
        : inner.updateMany(data);
    },
    async delete(data) {
      return isSessionModel(data.model) ? inner.delete({ ...data, where: hashedWhere(data.where).where ?? [] }) : inner.delete(data);
    },
    async deleteMany(data) {
      return isSessionModel(data.model)
        ? inner.deleteMany({ ...data, where: hashedWhere(data.where).where ?? [] })
        : inner.deleteMany(data);
    },
    async consumeOne(data) {
      if (!isSessionModel(data.model)) return inner.consumeOne(data);
      const { where, tokens } = hashedWhere(data.where);
      return withToken(await inner.consumeOne({ ...data, where: where ?? [] }), tokens);
    },
    async incrementOne(data) {
      if (!isSessionModel(data.model)) return inner.incrementOne(data);
      const { where, tokens } = hashedWhere(data.where);
      return withToken(await inner.incrementOne({ ...data, where: where ?? [] }), tokens);
    },
  };
  if ('transaction' in inner && typeof inner.transaction === 'function') {
    const transaction = inner.transaction.bind(inner);
    (adapter as DBAdapter).transaction = (callback) => transaction((trx) => callback(wrap(trx)));
  }
  return adapter as A;
}

/** Better Auth's database adapter (a factory of the options), with session tokens stored hashed. */
export function hashedSessionTokens<O, A extends DBAdapter>(factory: (options: O) => A): (options: O) => A {
  return (options) => wrap(factory(options));
}
