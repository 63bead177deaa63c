import { describe, expect, it } from 'vitest';
import { escapeHtml, richTextToPlain, sanitizeRichText } from '../../src/lib/rich-text.js';

/** Known XSS vectors (OWASP cheat sheet families): none may leave script, handler or dangerous URL behind. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>',
  '<a href="//evil.example">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<<script>script>alert(1)<</script>/script>',
];

describe('sanitizeRichText', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeRichText(payload).toLowerCase();
    expect(out).not.toMatch(/<script|<iframe|<svg|<object|<form|<meta|<style|<body|<details|<math/);
    expect(out).not.toMatch(/\son[a-z]+\s*=/);
    expect(out).not.toMatch(/javascript:|data:|href="\/\//);
    expect(out).not.toMatch(/position\s*:|background/);
  });

  it('keeps what the editor writes: headings, lists, links, images, alignment, placeholders', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p>尊敬的 {{realName}}，<strong>请</strong><a href="https://a.example/x" target="_blank">阅读</a></p>' +
      '<ul><li>一</li></ul><img src="/file/abc.png" alt="seal">';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2 style="text-align:center">标题</h2>');
    expect(out).toContain('{{realName}}');
    expect(out).toContain('<a href="https://a.example/x" target="_blank" rel="noopener noreferrer">阅读</a>');
    expect(out).toContain('<img src="/file/abc.png" alt="seal" />');
  });

  it('gives the plain text and escapes values', () => {
    expect(richTextToPlain('<p>a&nbsp;<b>b</b></p><p>c</p>')).toBe('a bc');
    expect(escapeHtml(`<img src=x onerror="a">'&`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&#39;&amp;');
  });
});
