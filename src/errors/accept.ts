/**
 * Whether an Accept header admits a JSON response: absent, `*\/*`, `application/*`, `application/json`
 * or `application/problem+json`, unless the most specific matching range gives it q=0.
 */
export function acceptsJson(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  let best: { specificity: number; q: number } | undefined;
  for (const range of header.split(',')) {
    const [media = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity =
      media === 'application/json' || media === 'application/problem+json' ? 2 : media === 'application/*' ? 1 : media === '*/*' ? 0 : -1;
    if (specificity < 0) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!best || specificity > best.specificity) best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best !== undefined && best.q > 0;
}
