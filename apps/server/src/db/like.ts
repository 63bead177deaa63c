/**
 * LIKE patterns from what an operator typed: `%`, `_` and `\` match themselves (escaped with the default
 * escape character), never as wildcards.
 */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Values starting with the text (phones, codes: can use a text_pattern_ops index). */
export const likePrefix = (s: string) => `${escapeLike(s)}%`;

/** Values containing the text (names, notes). */
export const likeContains = (s: string) => `%${escapeLike(s)}%`;
