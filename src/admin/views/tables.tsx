import type { ComponentChildren } from 'preact';
import { TableScroll } from './layout.js';

/** A list's table: `children` are its body rows, one per record, with a cell for each of `columns`. */
export function ListTable(props: { label: string; caption: string; columns: string[]; children: ComponentChildren }) {
  return (
    <TableScroll label={props.label}>
      <table>
        <caption class="muted">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </TableScroll>
  );
}

/** One fact of a record's page: its name, then its value. */
export function DetailRow(props: { label: string; id?: string; children: ComponentChildren }) {
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td id={props.id}>{props.children}</td>
    </tr>
  );
}

/** Links to the newest page and to the next, older one, where there are such pages. */
export function Pager(props: { newest: string | null | undefined; older: string | null | undefined }) {
  if (!props.newest && !props.older) return null;
  return (
    <nav class="pager" aria-label="Páginas">
      {props.newest && <a href={props.newest}>Mais recentes</a>}
      {props.older && (
        <a href={props.older} rel="next">
          Mais antigos
        </a>
      )}
    </nav>
  );
}
