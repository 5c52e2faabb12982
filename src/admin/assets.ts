/** The administration area's only stylesheet and script, served from the service itself (CSP 'self'). */
export const ADMIN_CSS = `
:root{--ink:#1b1f24;--muted:#55606e;--line:#d0d7de;--accent:#0b5cad;--bg:#fff;--soft:#f4f6f8;--ok:#116329;--err:#a40e26;--warn:#7d4e00}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid var(--line);background:var(--soft)}
.top ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.top a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
.brand{font-weight:700}
.logout{margin-left:auto;display:flex;gap:.5rem;align-items:center;color:var(--muted)}
main{padding:1rem;max-width:72rem;margin:0 auto}
main.narrow{max-width:28rem;margin-top:3rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=date],input[type=search],select{font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:4px;width:100%;max-width:28rem;background:#fff;color:var(--ink)}
fieldset{border:1px solid var(--line);border-radius:6px;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:600}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.5rem 0}
.check input{margin-top:.3rem}
.hint{color:var(--muted);font-size:.9rem;margin:.15rem 0}
button,.button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#fff;color:var(--accent)}
button.danger{background:var(--err);border-color:var(--err)}
button.link{background:none;border:0;color:var(--accent);text-decoration:underline;padding:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
.inline{display:inline}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--soft)}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.valor{word-break:break-all;max-width:16rem}
.nowrap{white-space:nowrap}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input[type=file]{font:inherit;max-width:100%}
.muted{color:var(--muted)}
code,.secret{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
.secret{display:block;word-break:break-all;background:var(--soft);border:1px solid var(--line);padding:.75rem;border-radius:4px;margin:.5rem 0}
.notice{padding:.75rem 1rem;border-radius:4px;margin:1rem 0;border-left:4px solid}
.notice-ok{background:#dafbe1;border-color:var(--ok)}
.notice-error{background:#ffebe9;border-color:var(--err)}
.notice-warning{background:#fff8c5;border-color:var(--warn)}
.notice h2{font-size:1rem;margin:0 0 .25rem}
tr.alert td{background:#fff8c5}
.badge{display:inline-block;padding:0 .45rem;border-radius:1rem;font-size:.85rem;border:1px solid currentColor}
.badge-ativo,.badge-paid{color:var(--ok)}.badge-revogado,.badge-overdue,.badge-cancelled{color:var(--err)}.badge-expirado,.badge-carencia,.badge-expirando,.badge-refunded,.badge-open{color:var(--warn)}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:0 1rem;align-items:end}
.filters label{margin-top:.5rem}
.pager{display:flex;gap:1rem;margin:1rem 0}
pre.mail{white-space:pre-wrap;background:var(--soft);border:1px solid var(--line);padding:1rem;border-radius:4px}
@media (max-width:40rem){.logout{margin-left:0}th,td{padding:.35rem}}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}.facts dt{font-weight:600}.facts dd{margin:0}
figure.chart{margin:0 0 1rem;max-width:100%;overflow-x:auto}
.chart svg,.strip{display:block;overflow:visible}
.chart .label{font-size:11px;fill:var(--muted)}
.axis{stroke:var(--ink)}.grid{stroke:var(--line)}
.hit{fill:transparent}g:hover>.hit{fill:var(--soft)}
.bar-ok{fill:var(--accent)}.bar-error{fill:var(--err)}.bar-refused{fill:#bf8700}.bar-concurrency{fill:#8250df}
.key::before{content:"";display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:-.05em}
.key-ok::before{background:var(--accent)}.key-error::before{background:var(--err)}.key-refused::before{background:#bf8700}.key-concurrency::before{background:#8250df}
.strips{list-style:none;padding:0;margin:0 0 1rem}
.strips li{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:end;padding:.35rem 0;border-bottom:1px solid var(--line)}
.strip-name{display:flex;flex-direction:column;width:16rem}
.strips .strip{max-width:100%;height:auto}
@media print{header.top,.skip,.no-print{display:none}.table-wrap{overflow:visible}a{color:inherit}}
`;

/** Progressive enhancement only: every action works without it. */
export const ADMIN_JS = `
document.addEventListener('click', async (event) => {
  const button = event.target.closest('[data-copy]');
  if (!button) return;
  const text = document.getElementById(button.dataset.copy)?.textContent ?? '';
  try { await navigator.clipboard.writeText(text.trim()); button.textContent = 'Copiado'; }
  catch { button.textContent = 'Selecione e copie manualmente'; }
});
document.querySelectorAll('[data-copy]').forEach((button) => { button.hidden = false; });
document.querySelectorAll('[data-print]').forEach((button) => {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
});
`;
