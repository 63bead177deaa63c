import { describe, expect, it } from 'vitest';
import { reuseJson, serialize } from '../../src/http/json.js';

const text = (v: unknown) => {
  const out = serialize(v) as unknown;
  return Buffer.isBuffer(out) ? out.toString('utf8') : (out as string);
};

describe('response serialization', () => {
  it('gives exactly JSON.stringify for plain envelopes', () => {
    for (const v of [{ status: 0, msg: 'ok', data: { a: [1, '二'] } }, { status: 1, msg: '错误', data: null }, [1, 2], 'x', null]) {
      expect(serialize(v)).toBe(JSON.stringify(v));
    }
  });

  it('encodes a marked value once per envelope head, with the same bytes JSON.stringify gives', () => {
    const data = reuseJson({ id: 1, name: '管理员', role: { permissions: [{ key: 'userlist', actions: ['query'] }] } });
    const zh = { status: 0, msg: '操作成功', data };
    const en = { status: 0, msg: 'Success', data };
    const first = serialize(zh) as unknown;
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(text(zh)).toBe(JSON.stringify(zh));
    expect(text(en)).toBe(JSON.stringify(en));
    expect(serialize(zh) as unknown).toBe(first); // the same bytes, not a new encoding
    expect(Buffer.byteLength(JSON.stringify(zh))).toBe((first as unknown as Buffer).length);
  });

  it('keeps a memo per object: another (even equal) value is encoded on its own', () => {
    const a = reuseJson({ v: 1 });
    const b = { v: 2 };
    expect(text({ status: 0, msg: 'ok', data: a })).toBe('{"status":0,"msg":"ok","data":{"v":1}}');
    expect(serialize({ status: 0, msg: 'ok', data: b })).toBe('{"status":0,"msg":"ok","data":{"v":2}}');
    expect(text({ data: a })).toBe('{"data":{"v":1}}');
  });
});
