/** One step of `npm test`: a command with its own result and time in the summary. */
export interface Step {
  name: string;
  cmd: string;
  args: string[];
  /** Steps that must have passed for this one to run (it is reported "not run" otherwise). */
  needs?: string[];
  env?: NodeJS.ProcessEnv;
  /** Runs at the same time as the named step, its output kept back until both have ended. */
  beside?: string;
  /**
   * Starts where it stands in the list and runs while the steps after it run, at a lower CPU
   * priority (`nice`), so it takes only the CPU they leave idle; the run waits for it at the end.
   */
  background?: boolean;
}

/** A step run in the foreground, with the steps that run at the same time as it. */
export interface Stage {
  step: Step;
  beside: Step[];
  /** True for a background step: started here, waited for at the end. */
  background: boolean;
}

/**
 * The steps chosen by name (all when `only` is empty), in the order they start: each foreground
 * step with the chosen steps that run beside it, and the background steps where they start. A step
 * whose host is not chosen runs in the foreground at its own place in the list, and so does a
 * background step chosen with no foreground step after it (nothing to run beside).
 */
export function planSteps(steps: Step[], only: string[]): Stage[] {
  const chosen = steps.filter((step) => !only.length || only.some((o) => step.name.includes(o)));
  const hosted = (step: Step) => step.beside !== undefined && chosen.some((s) => s.name === step.beside);
  const stages = chosen.filter((step) => !hosted(step)).map((step) => ({ step, beside: chosen.filter((s) => s.beside === step.name), background: step.background === true }));
  return stages.map((stage, i) => ({ ...stage, background: stage.background && stages.slice(i + 1).some((later) => !later.background) }));
}

/** The command line that runs a step: under `nice -n 10` when `low` (a background step). */
export function commandLine(step: Step, low: boolean): { cmd: string; args: string[] } {
  return low ? { cmd: 'nice', args: ['-n', '10', step.cmd, ...step.args] } : { cmd: step.cmd, args: step.args };
}
