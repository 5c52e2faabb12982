import { Notice } from './layout.js';

/**
 * A field's ARIA attributes: invalid while `errors` has a message for it, and described by its hint and by that
 * message (listed by FieldErrors under the id `erro-<field>`).
 */
export function describedBy(errors: Partial<Record<string, string>>, field: string, hint?: string) {
  const ids = [hint, errors[field] && `erro-${field}`].filter(Boolean).join(' ');
  return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
}

/** What is wrong with each field of a form, each message a link to its field (`ids`, where its id is not its name). */
export function FieldErrors(props: { intro: string; errors: Partial<Record<string, string>>; ids?: Partial<Record<string, string>> }) {
  const errors = Object.entries(props.errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (errors.length === 0) return null;
  return (
    <Notice kind="error">
      <p>{props.intro}</p>
      <ul>
        {errors.map(([field, message]) => (
          <li key={field} id={`erro-${field}`}>
            <a href={`#${props.ids?.[field] ?? field}`}>{message}</a>
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/** A day typed as DD/MM/AAAA, whatever the browser's language (a date input would follow it). */
export function DayInput(props: { name: string; value: string; aria: ReturnType<typeof describedBy> }) {
  return (
    <input
      id={props.name}
      name={props.name}
      type="text"
      inputMode="numeric"
      placeholder="DD/MM/AAAA"
      maxLength={10}
      value={props.value}
      {...props.aria}
    />
  );
}
