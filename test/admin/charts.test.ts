// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { DailyUseChart } from '../../src/admin/views/charts.js';

/** The width the 11 px labels of the charts take at most per character (src/admin/assets.ts, `.chart .label`). */
const CHARACTER_PX = 7;

describe("a token's daily use chart", () => {
  it("leaves room left of the axis for the scale's whole top label, however many digits it has", () => {
    for (const busiest of [9, 4_200, 180_000, 1_700_000]) {
      const days = [0, 1].map((n) => ({ dia: `2026-11-0${n + 1}`, requisicoes: n ? busiest : 0, erros: 0, recusadas: 0, simultaneas: 0 }));
      const html = renderToString(h(DailyUseChart, { days }));
      const left = -Number(/viewBox="(-?[\d.]+) /.exec(html)![1]);
      // The label ends 6 px left of the axis.
      const label = /<text class="label" x="-6" y="4" text-anchor="end">([^<]+)<\/text>/.exec(html)![1]!;
      assert.ok(left >= 6 + label.length * CHARACTER_PX, `${label}: ${left} px`);
    }
  });

  it('shows the refusals for too many requests at once apart from the other 429s, in the bar and in the table', () => {
    const days = [{ dia: '2026-11-30', requisicoes: 100, erros: 5, recusadas: 30, simultaneas: 20 }];
    const html = renderToString(h(DailyUseChart, { days }));
    // 160 px for 100 requests: 65 answered, 5 errors, 10 refused by a limit per minute or day, 20 for too many at once.
    const height = (kind: string) => Number(new RegExp(`class="bar-${kind}"[^>]* height="([\\d.]+)"`).exec(html)?.[1]);
    assert.deepEqual(['ok', 'error', 'refused', 'concurrency'].map(height), [104, 8, 16, 32]);
    assert.match(html, /data-simultaneas="20"/);
    assert.match(html, /30 recusadas com 429 \(20 por requisições demais ao mesmo tempo\)/);
    assert.match(html, /<td class="num">30<\/td><td class="num">20<\/td>/);
  });
});
