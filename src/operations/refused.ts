/**
 * An operation that was not done, and why: each reason is a rule's code with the values it was judged on. The rule
 * lives in the operation; the admin area words its reasons in Portuguese beside its form, the command line in English
 * on one line.
 */
export class Refused<Reason extends { rule: string }> extends Error {
  constructor(readonly reasons: readonly Reason[]) {
    super(`refused: ${reasons.map((reason) => reason.rule).join(', ')}`);
  }
}

/** Throws the reasons, if there are any. */
export function refuseIf<Reason extends { rule: string }>(reasons: readonly Reason[]): void {
  if (reasons.length > 0) throw new Refused(reasons);
}
