import type { DayUse, TokenHours } from '../../audit/usage.queries.js';

const number = new Intl.NumberFormat('pt-BR');
const dayMonth = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** The scale's top: the largest value rounded up to 1, 2 or 5 times a power of ten, so its label reads well. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

/** What a day's bar says in words: its tooltip, and the table under the chart. */
export function dayText(day: DayUse): string {
  return (
    `${dayMonth(day.dia)}: ${plural(day.requisicoes, 'requisição', 'requisições')}, ` +
    `${plural(day.erros, 'erro', 'erros')}, ${plural(day.recusadas, 'recusada', 'recusadas')} com 429` +
    (day.simultaneas > 0 ? ` (${number.format(day.simultaneas)} por requisições demais ao mesmo tempo)` : '')
  );
}

const DAY_WIDTH = 22;
const DAY_HEIGHT = 160;
/** Room left of the axis for the scale's top label: its 11 px characters are at most 7 px wide, 6 px off the axis. */
const labelRoom = (label: string) => Math.max(40, 10 + label.length * 7);

/**
 * A token's requests per day as bars, each split into answered (blue), errors (red), refused with 429 by a limit per
 * minute or day (amber) and refused for too many requests at once (purple); the numbers also as a table, for screen
 * readers and for copying.
 */
export function DailyUseChart(props: { days: DayUse[] }) {
  const top = niceTop(Math.max(...props.days.map((day) => day.requisicoes)));
  const y = (value: number) => Math.round((value / top) * DAY_HEIGHT * 10) / 10;
  const width = props.days.length * DAY_WIDTH;
  const left = labelRoom(number.format(top));
  return (
    <figure class="chart">
      <svg
        viewBox={`-${left} -10 ${width + left + 10} ${DAY_HEIGHT + 34}`}
        width={width + left + 10}
        height={DAY_HEIGHT + 34}
        role="img"
        aria-label={`Requisições por dia em ${props.days.length} dias; os números estão na tabela a seguir.`}
      >
        <line class="axis" x1="0" y1={DAY_HEIGHT} x2={width} y2={DAY_HEIGHT} />
        <line class="grid" x1="0" y1="0" x2={width} y2="0" />
        <text class="label" x="-6" y="4" text-anchor="end">
          {number.format(top)}
        </text>
        <text class="label" x="-6" y={DAY_HEIGHT + 4} text-anchor="end">
          0
        </text>
        {props.days.map((day, n) => {
          const x = n * DAY_WIDTH + 3;
          const answered = day.requisicoes - day.erros - day.recusadas;
          const parts = [
            ['ok', answered],
            ['error', day.erros],
            ['refused', day.recusadas - day.simultaneas],
            ['concurrency', day.simultaneas],
          ] as const;
          let base = DAY_HEIGHT;
          return (
            <g
              key={day.dia}
              data-dia={day.dia}
              data-requisicoes={day.requisicoes}
              data-erros={day.erros}
              data-recusadas={day.recusadas}
              data-simultaneas={day.simultaneas}
            >
              <title>{dayText(day)}</title>
              <rect class="hit" x={x - 3} y="0" width={DAY_WIDTH} height={DAY_HEIGHT} />
              {parts.map(([kind, value]) => {
                if (value <= 0) return null;
                const height = Math.max(1, y(value));
                base = Math.round((base - height) * 10) / 10;
                return <rect key={kind} class={`bar-${kind}`} x={x} y={base} width={DAY_WIDTH - 6} height={height} />;
              })}
              {(props.days.length - 1 - n) % 7 === 0 && (
                <text class="label" x={x + (DAY_WIDTH - 6) / 2} y={DAY_HEIGHT + 16} text-anchor="middle">
                  {dayMonth(day.dia)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span class="key key-ok">respondidas</span> <span class="key key-error">erros (4xx, 5xx)</span>{' '}
        <span class="key key-refused">recusadas com 429 (limite por minuto ou dia)</span>{' '}
        <span class="key key-concurrency">recusadas com 429 (requisições demais ao mesmo tempo)</span>
      </figcaption>
      <details>
        <summary>Números por dia</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col" class="num">
                Requisições
              </th>
              <th scope="col" class="num">
                Erros
              </th>
              <th scope="col" class="num">
                Recusadas (429)
              </th>
              <th scope="col" class="num">
                Delas, por requisições ao mesmo tempo
              </th>
            </tr>
          </thead>
          <tbody>
            {props.days.map((day) => (
              <tr key={day.dia}>
                <td>{dayMonth(day.dia)}</td>
                <td class="num">{number.format(day.requisicoes)}</td>
                <td class="num">{number.format(day.erros)}</td>
                <td class="num">{number.format(day.recusadas)}</td>
                <td class="num">{number.format(day.simultaneas)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const HOUR_WIDTH = 4;
const HOUR_HEIGHT = 36;

/**
 * One integration's requests per hour as a strip of bars, on its own scale (its busiest hour is full height): the
 * overview compares when each integration works, and its totals say how much. A day's start (São Paulo) is marked.
 */
export function HourlyStrip(props: { label: string; hours: Date[]; use: TokenHours }) {
  const top = Math.max(1, ...props.use.horas);
  const width = props.hours.length * HOUR_WIDTH;
  return (
    <svg
      class="strip"
      viewBox={`0 0 ${width} ${HOUR_HEIGHT + 2}`}
      width={width}
      height={HOUR_HEIGHT + 2}
      role="img"
      aria-label={`${props.label}: ${plural(props.use.requisicoes, 'requisição', 'requisições')} em 7 dias; a hora de mais uso teve ${number.format(top)}.`}
      data-token={props.use.tokenId}
    >
      {props.hours.map((hour, n) =>
        // Midnight in São Paulo (UTC−3, all year).
        hour.getUTCHours() === 3 ? (
          <line key={`d${n}`} class="grid" x1={n * HOUR_WIDTH} y1="0" x2={n * HOUR_WIDTH} y2={HOUR_HEIGHT} />
        ) : null,
      )}
      {props.use.horas.map((count, n) => {
        if (count === 0) return null;
        const height = Math.max(1, Math.round((count / top) * HOUR_HEIGHT * 10) / 10);
        return (
          <rect
            key={n}
            class="bar-ok"
            x={n * HOUR_WIDTH}
            y={HOUR_HEIGHT - height}
            width={HOUR_WIDTH - 1}
            height={height}
            data-hora={props.hours[n]!.toISOString()}
            data-requisicoes={count}
          >
            <title>{`${hourText(props.hours[n]!)}: ${plural(count, 'requisição', 'requisições')}`}</title>
          </rect>
        );
      })}
      <line class="axis" x1="0" y1={HOUR_HEIGHT} x2={width} y2={HOUR_HEIGHT} />
    </svg>
  );
}

const hourFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function hourText(hour: Date): string {
  return hourFormat.format(hour).replace(',', '');
}
