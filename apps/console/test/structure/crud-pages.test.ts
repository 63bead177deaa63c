import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 63, "one CRUD path": a page that lists records, adds them and deletes them (an add button under the `add`
 * action and a delete or remove confirmation) is a CrudList, or says in a `// Not on CrudList:` comment why it cannot.
 */
const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/features');
const pages = fs
  .readdirSync(features)
  .flatMap((f) => {
    const dir = path.join(features, f, 'pages');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((p) => path.join(dir, p)) : [];
  })
  .filter((p) => p.endsWith('.tsx'))
  .map((p) => ({ name: path.relative(features, p), text: fs.readFileSync(p, 'utf8') }));

const onCrudList = (text: string) => /import \{[^}]*\bCrudList\b[^}]*\} from '[./]+\/shared\/list\/CrudList'/.test(text);
const exempt = (text: string) => /\/\/ Not on CrudList: \S/.test(text);
/** An add button and a delete (or remove) confirmation of its own. */
const crudShaped = (text: string) => /action="add"|can\('add'\)/.test(text) && /t\('[A-Za-z.]*\.(delete|remove)[A-Za-z]*'/.test(text);

describe('CRUD pages', () => {
  it('every list + add + delete page is on CrudList or says why not', () => {
    const loose = pages.filter((p) => crudShaped(p.text) && !onCrudList(p.text) && !exempt(p.text)).map((p) => p.name);
    expect(loose).toEqual([]);
  });

  it('the shape test sees a hand-made CRUD page (a planted one fails the rule)', () => {
    const planted = `<Access key="add" action="add"><Button /></Access>\n<Popconfirm title={t('x.deleteConfirm')} />`;
    expect(crudShaped(planted) && !onCrudList(planted) && !exempt(planted)).toBe(true);
  });

  it('at least 13 pages are on CrudList or carry their reason', () => {
    const on = pages.filter((p) => onCrudList(p.text)).map((p) => p.name);
    const reasoned = pages.filter((p) => exempt(p.text)).map((p) => p.name);
    expect(on.length).toBeGreaterThanOrEqual(13);
    expect(on.length + reasoned.length).toBeGreaterThanOrEqual(13);
  });
});
