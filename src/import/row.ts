import { isProblem, type Parsed } from './values.js';

/** What is wrong with one cell (or, without a column, with the line), for the validation report. */
export interface Finding {
  linha: number;
  coluna: string | null;
  valor: string | null;
  mensagem: string;
}

/** One line of a file by column name, gathering what is wrong with its cells as they are read. */
export class Row {
  readonly findings: Finding[] = [];

  /** `columns`: each column's place in `cells`, the same for every line of a file. */
  constructor(
    readonly linha: number,
    private readonly columns: ReadonlyMap<string, number>,
    private readonly cells: readonly string[],
  ) {}

  /** The raw cell; empty when the file has no such column. */
  raw(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : (this.cells[index] ?? '');
  }

  /** The cell parsed, or undefined after recording why it could not be. */
  get<T>(column: string, parse: (value: string) => Parsed<T>): T | undefined {
    const raw = this.raw(column);
    const parsed = parse(raw);
    if (isProblem(parsed)) {
      this.problem(column, parsed.message, raw);
      return undefined;
    }
    return parsed;
  }

  problem(coluna: string | null, mensagem: string, valor: string | null = coluna === null ? null : this.raw(coluna)): void {
    this.findings.push({ linha: this.linha, coluna, valor, mensagem });
  }

  get valid(): boolean {
    return this.findings.length === 0;
  }
}
