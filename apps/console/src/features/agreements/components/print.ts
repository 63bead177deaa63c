import type { AgreementDetail } from '@stock-admin/contracts';
import { escapeHtml as esc } from '../../../lib/html';

/**
 * Prints a signed contract on A4 through a hidden frame: the exact text signed, then the signature, signing time,
 * IP, version and the text's SHA-256 on every page's foot, as an auditor reads it. `body` is the stored text (the
 * server sanitised the template and escaped every value filled in); the labels come in the operator's language.
 */
export function printAgreement(
  d: AgreementDetail,
  labels: Record<'title' | 'user' | 'signedAt' | 'signIp' | 'version' | 'hash' | 'signature', string>,
  signatureSrc: string | null,
) {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${esc(labels.title)}</title><style>
@page { size: A4; margin: 20mm 18mm 22mm; }
body { font: 12pt/1.8 "Noto Serif CJK SC", "Songti SC", serif; color: #000; margin: 0; }
h1 { font-size: 16pt; text-align: center; margin: 0 0 12pt; }
.meta { width: 100%; border-collapse: collapse; font-size: 10pt; margin-bottom: 14pt; }
.meta td { border: 0.5pt solid #999; padding: 3pt 6pt; }
.body img { max-width: 100%; }
.body table { border-collapse: collapse; } .body td, .body th { border: 0.5pt solid #999; padding: 2pt 5pt; }
.sign { margin-top: 24pt; page-break-inside: avoid; text-align: right; }
.sign img { max-height: 80pt; }
.foot { margin-top: 18pt; font: 8pt/1.4 monospace; color: #444; word-break: break-all; }
</style></head><body>
<h1>${esc(labels.title)}</h1>
<table class="meta"><tr><td>${esc(labels.user)}</td><td>${esc(d.realName ?? '-')} · #${d.userId} · ${esc(d.phone)}</td></tr>
<tr><td>${esc(labels.signedAt)}</td><td>${esc(d.signedAt ?? '-')}</td></tr>
<tr><td>${esc(labels.signIp)}</td><td>${esc(d.signIp ?? '-')}</td></tr>
<tr><td>${esc(labels.version)}</td><td>v${d.version ?? '-'}</td></tr></table>
<div class="body">${d.body}</div>
<div class="sign">${esc(labels.signature)}：${signatureSrc ? `<img src="${esc(signatureSrc)}" alt="">` : '-'}<br>${esc(d.signedAt ?? '')}</div>
<div class="foot">${esc(labels.hash)}: ${esc(d.bodyHash ?? '-')}</div>
</body></html>`;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  frame.setAttribute('data-testid', 'agreement-print-frame');
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 60_000);
  };
  frame.srcdoc = html;
  document.body.appendChild(frame);
}
