import { describe, expect, it } from 'vitest';
import { SPREAD_RULE_TYPES } from '@stock-admin/contracts';
import zh from '../../../src/features/risk/locales/zh-CN';
import en from '../../../src/features/risk/locales/en-US';
import { SECTIONS, allFields } from '../../../src/features/risk/lib/fields';
import { KNOWN } from '../../../src/features/risk/lib/validate';
import { expectSameTexts } from '../../helpers';

const leaf = (m: unknown, k: string) =>
  k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], m) as string | undefined;

describe('risk texts', () => {
  it('the same keys in both languages, none empty, placeholders kept', () => {
    expectSameTexts(zh, en);
  });

  it('names every field, section, help text, spread type and contract message of the forms', () => {
    for (const [doc, sections] of Object.entries(SECTIONS)) {
      for (const s of sections) expect(leaf(zh, `risk.section.${s.key}`), `${doc} ${s.key}`).toBeTruthy();
      for (const f of allFields(sections)) {
        expect(leaf(zh, `risk.field.${f.path[0]}`), f.path.join('.')).toBeTruthy();
        if (f.path[1]) expect(leaf(zh, `risk.board.${f.path[1]}`)).toBeTruthy();
        if (f.help) expect(leaf(zh, `risk.help.${f.path[0]}`), `help ${f.path[0]}`).toBeTruthy();
      }
    }
    for (const code of [...KNOWN, 'min', 'max', 'invalid']) expect(leaf(zh, `risk.err.${code}`), code).toBeTruthy();
    for (const type of SPREAD_RULE_TYPES) {
      expect(leaf(zh, `risk.spread.types.${type}`)).toBeTruthy();
      expect(leaf(zh, `risk.spread.typeHelp.${type}`)).toBeTruthy();
    }
  });
});
