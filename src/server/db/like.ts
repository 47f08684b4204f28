/** A text a person typed as a LIKE pattern matching it anywhere: `%`, `_` and `\` are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
