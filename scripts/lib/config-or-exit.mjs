import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { DataDirError } from '../../src/server/data-dir.ts';

/**
 * The configuration from the environment, or the one line that says what is wrong on stderr and
 * exit code 1 (the operating contract: `Invalid configuration: PORT must be a number (got "abc").`).
 */
export function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof DataDirError ? error.message : error);
    process.exit(1);
  }
}
