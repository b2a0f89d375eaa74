/**
 * Progress of a long command (seed, import, rebuild, backup): a bar with counts and the time left
 * on a terminal (cli-progress), plain lines on a pipe or log file, then a summary of what changed.
 */
import cliProgress from 'cli-progress';

export type Progress = {
  /** done of total units so far; total may be learnt or corrected on the way */
  update(done: number, total?: number): void;
  /** stops the bar and prints what changed, one line each */
  finish(summary: readonly string[]): void;
};

type Output = { isTTY?: boolean; write(text: string): unknown };

/** on a pipe, one line each tenth of the way: enough to see it move, few enough for a log */
const PLAIN_STEPS = 10;

export function startProgress(
  label: string,
  unit: string,
  total: number,
  out: Output = process.stderr,
  summaryOut: Output = process.stdout,
): Progress {
  let current = 0;
  let size = Math.max(total, 0);
  const finish = (stop: () => void) => (summary: readonly string[]) => {
    stop();
    for (const line of summary) summaryOut.write(`${line}\n`);
  };

  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} ${unit} | {percentage}% | {duration_formatted} elapsed, {eta_formatted} left`,
        stream: out as NodeJS.WritableStream,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    // drawn once the total is known: a bar of 0/0 reads as 100% done before anything started
    let drawn = false;
    const draw = () => {
      if (drawn) bar.update(current);
      else if (size > 0) {
        bar.start(size, current);
        drawn = true;
      }
    };
    draw();
    return {
      update(done, newTotal) {
        if (newTotal !== undefined && newTotal !== size) {
          size = newTotal;
          if (drawn) bar.setTotal(size);
        }
        current = done;
        draw();
      },
      finish: finish(() => {
        if (!drawn) return;
        bar.update(current);
        bar.stop();
      }),
    };
  }

  const started = performance.now();
  let printedStep = -1;
  const line = () => {
    const seconds = (performance.now() - started) / 1000;
    const left =
      current > 0 && size > current ? `, about ${Math.ceil((seconds / current) * (size - current))} s left` : '';
    out.write(`${label}: ${current}/${size} ${unit} (${seconds.toFixed(1)} s${left})\n`);
  };
  const stepOf = () => (size > 0 ? Math.floor((Math.min(current, size) / size) * PLAIN_STEPS) : 0);
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) size = newTotal;
      current = done;
      if (stepOf() > printedStep) {
        printedStep = stepOf();
        line();
      }
    },
    finish: finish(() => {
      if (printedStep < PLAIN_STEPS) line();
    }),
  };
}
