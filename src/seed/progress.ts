import { Presets, SingleBar } from 'cli-progress';
import type { SeedProgress, SeedStage } from './load.js';

const LABEL: Record<SeedStage, string> = { members: 'members ', invoices: 'invoices', indexes: 'indexes ' };

/** A progress bar on a terminal; elsewhere (CI, pipes) one line per stage. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): SeedProgress {
  if (!stream.isTTY) {
    return { start: (stage, total) => stream.write(`seeding ${stage} (about ${total})…\n`), advance() {}, finish() {} };
  }
  let bar: SingleBar | undefined;
  return {
    start(stage, total) {
      this.finish();
      bar = new SingleBar(
        { stream, format: `${LABEL[stage]} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`, hideCursor: true },
        Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    advance(count) {
      bar?.increment(count);
    },
    finish() {
      // Totals are estimates: a finished stage shows full.
      if (bar) bar.update(bar.getTotal());
      bar?.stop();
      bar = undefined;
    },
  };
}
