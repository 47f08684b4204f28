import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * JSON lines on stdout, or readable lines (time, level, message, fields) when stdout is a
 * terminal: a person trying the site reads the log, a log collector parses it. LOG_FORMAT=json or
 * pretty forces either. Secrets and personal data never reach the log: request bodies are not
 * logged at all, and anything named like a credential is redacted if it slips into an object.
 */
export function createLogger(level = 'info', format: 'json' | 'pretty' | undefined = undefined): Logger {
  const readable = (format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  const options = {
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
  };
  // Written in the same thread (sync): a line is out before the process exits, as with JSON.
  return readable
    ? pino(
        options,
        pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }),
      )
    : pino(options);
}
