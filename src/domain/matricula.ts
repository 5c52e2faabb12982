/** A matrícula as the association writes it: zeros on the left up to six digits (`000042`). */
export function formatMatricula(matricula: number): string {
  return String(matricula).padStart(6, '0');
}
