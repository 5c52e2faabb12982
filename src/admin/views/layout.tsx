import type { ComponentChildren } from 'preact';
import { HtmlDocument } from '../../pages/html.js';

export { render } from '../../pages/html.js';

export type Section = 'integracoes' | 'provas' | 'auditoria' | 'importacao' | 'simulacao' | 'caixa-de-saida';

/** `simulated`: a section of the simulation, absent when SIMULATION is off. */
const SECTIONS: { id: Section; href: string; label: string; simulated?: true }[] = [
  { id: 'integracoes', href: '/admin/integracoes', label: 'Integrações' },
  { id: 'provas', href: '/admin/provas', label: 'Provas' },
  { id: 'auditoria', href: '/admin/auditoria', label: 'Auditoria' },
  { id: 'importacao', href: '/admin/importacao', label: 'Importação' },
  { id: 'simulacao', href: '/admin/simulacao', label: 'Simulação', simulated: true },
  { id: 'caixa-de-saida', href: '/admin/caixa-de-saida', label: 'Caixa de saída', simulated: true },
];

/** What every signed-in page knows about the request. */
export interface PageContext {
  adminEmail: string;
  csrfToken: string;
  /** Whether the simulation's sections exist (SIMULATION). */
  simulation: boolean;
}

/** A form that posts with the session's CSRF token. */
export function PostForm(props: {
  action: string;
  csrfToken: string;
  class?: string;
  enctype?: 'multipart/form-data';
  children: ComponentChildren;
}) {
  return (
    <form method="post" action={props.action} class={props.class} enctype={props.enctype}>
      <input type="hidden" name="_csrf" value={props.csrfToken} />
      {props.children}
    </form>
  );
}

/** A wide table's horizontal scroller, reachable by keyboard (WCAG: scrollable regions must be focusable). */
export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" tabindex={0} role="region" aria-label={props.label}>
      {props.children}
    </div>
  );
}

export function Notice(props: { kind: 'ok' | 'error' | 'warning'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

function Document(props: { title: string; children: ComponentChildren }) {
  return (
    <HtmlDocument title={props.title} script>
      {props.children}
    </HtmlDocument>
  );
}

/** A page of the signed-in area: navigation, the administrator and a logout button. */
export function Page(props: { title: string; section: Section; context: PageContext; children: ComponentChildren }) {
  return (
    <Document title={props.title}>
      <a class="skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header class="top">
        <span class="brand">Associa · Administração</span>
        <nav aria-label="Seções">
          <ul>
            {SECTIONS.filter((section) => props.context.simulation || !section.simulated).map((section) => (
              <li key={section.id}>
                <a href={section.href} aria-current={section.id === props.section ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <PostForm action="/admin/sair" csrfToken={props.context.csrfToken} class="logout">
          <span>{props.context.adminEmail}</span>{' '}
          <button type="submit" class="link">
            Sair
          </button>
        </PostForm>
      </header>
      <main id="conteudo" tabindex={-1}>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </Document>
  );
}

/** A page outside the signed-in area (login, errors). */
export function BarePage(props: { title: string; children: ComponentChildren }) {
  return (
    <Document title={props.title}>
      <main id="conteudo" class="narrow">
        <p class="brand">Associa · Administração</p>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </Document>
  );
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' });
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A timestamp as São Paulo sees it, in a <time> element that carries the exact instant. */
export function When(props: { at: Date | null | undefined; empty?: string }) {
  if (!props.at) return <span class="muted">{props.empty ?? '—'}</span>;
  return <time datetime={props.at.toISOString()}>{dateTime.format(props.at)}</time>;
}

export function formatMoney(decimal: string): string {
  return money.format(Number(decimal));
}
