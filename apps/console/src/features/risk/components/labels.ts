import type { TFunction } from 'i18next';
import type { FieldKind } from '../lib/fields';

/** `涨幅上限 · 主板` for a board band, else the field's name. */
export const fieldLabel = (t: TFunction, path: readonly string[]) =>
  path.length > 1 ? `${t(`risk.field.${path[0]}`)} · ${t(`risk.board.${path[1]}`)}` : t(`risk.field.${path[0]}`);

/** The unit words of the confirmation (`100 股`, `5 分钟`, 开 / 关). */
export const unitLabel =
  (t: TFunction) =>
  (kind: FieldKind, on?: boolean): string =>
    kind === 'bool' ? t(on ? 'risk.unit.on' : 'risk.unit.off') : t(`risk.unit.${kind}`);
