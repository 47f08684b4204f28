import { createHash } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { PageFiller } from '../http/static-files.ts';
import { fillStandIns } from '../../lib/page-texts/texts.ts';
import { publishedPageTexts, textLookup } from './store.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** A prerendered page as the build left it (with its stand-ins), for a preview of draft texts; none under `astro dev`. */
    pageTemplate?: (pathname: string) => string | undefined;
  }
}

/**
 * Fills the prerendered content pages with their published texts (decision 049): at start, and
 * again whenever content changes on any instance, if the published texts did change.
 */
export interface PageTextFiller {
  fill: PageFiller;
  /** Reads the published texts again; resolves to a new filler when they changed, else null. */
  refresh(): Promise<PageFiller | null>;
}

const fingerprint = (texts: Map<string, Record<string, string>>) =>
  createHash('sha256')
    .update(JSON.stringify([...texts.entries()].sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url');

export async function pageTextFiller(db: Pick<Database, 'select'>): Promise<PageTextFiller> {
  const fillerOf = (texts: Map<string, Record<string, string>>): PageFiller => {
    const lookup = textLookup(texts);
    return (html) => fillStandIns(html, lookup);
  };
  let texts = await publishedPageTexts(db);
  let current = fingerprint(texts);
  return {
    fill: fillerOf(texts),
    async refresh() {
      texts = await publishedPageTexts(db);
      const next = fingerprint(texts);
      if (next === current) return null;
      current = next;
      return fillerOf(texts);
    },
  };
}

/** Keeps `files` filled with the published texts: one refresh at a time, and one more if asked meanwhile. */
export function keepPagesFilled(
  filler: PageTextFiller,
  files: { refill(fill: PageFiller): void },
  warn: (data: object, message: string) => void,
) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      const fill = await filler.refresh();
      if (fill) files.refill(fill);
    } catch (error) {
      warn({ err: { message: (error as Error).message } }, 'page texts could not be read; the pages keep their texts');
    }
  };
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        void run();
      }
    });
  };
}
