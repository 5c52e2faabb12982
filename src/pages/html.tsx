import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * The HTML page every human-facing page of the service shares (the administration area, the problem
 * pages): Portuguese, the area's stylesheet and the service's icon, not indexed. Text goes in as children, escaped by Preact.
 */
export function HtmlDocument(props: { title: string; script?: boolean; children: ComponentChildren }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} — Associa`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/admin/assets/admin.css" />
        {props.script && <script src="/admin/assets/admin.js" defer />}
      </head>
      <body>{props.children}</body>
    </html>
  );
}

export function render(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}
