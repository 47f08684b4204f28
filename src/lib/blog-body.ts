/**
 * The spec renders a post's body line by line: a line starting with a bullet becomes a
 * left-bordered block; a line starting with Key, Why or Benefits is bold (we make it a subheading);
 * every other non-empty line is a paragraph. Consecutive bullets are grouped into one list.
 */
export type BodyBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'bullets'; items: string[] };

const bulletPrefix = /^\s*[•\-*]\s+/;
const emphasisPrefix = /^(Key|Why|Benefits)\b/;

export function parseBody(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    if (bulletPrefix.test(line)) {
      const item = line.replace(bulletPrefix, '');
      const last = blocks.at(-1);
      if (last?.kind === 'bullets') last.items.push(item);
      else blocks.push({ kind: 'bullets', items: [item] });
    } else if (emphasisPrefix.test(line)) {
      blocks.push({ kind: 'heading', text: line });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

/** The spec converts the route's id to a number; anything that is not a whole number finds no post. */
export function postIdFromParam(param: string | undefined): number | null {
  if (param === undefined || param.trim() === '') return null;
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}
