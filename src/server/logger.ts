import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout. Secrets and personal data never reach the log: request bodies are not
 * logged at all, and anything named like a credential is redacted if it slips into an object.
 */
export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    base: { service: 'helixpoint' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'authorization',
        '*.authorization',
        'cookie',
        '*.cookie',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'url',
        'databaseUrl',
      ],
      censor: '[redacted]',
    },
  });
}
