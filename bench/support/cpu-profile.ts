/**
 * What the browser benchmarks share: Chromium's flags for a quiet headless run (the guide's list)
 * and a summary of a CPU profile from Chromium's profiler (`Profiler.stop`'s answer).
 */

/** Chromium's flags for the benchmarks: no sandbox or GPU, no background traffic or updates. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A CPU profile as Chromium's `Profiler.stop` answers it (the fields read here). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Prints the functions with the most self time in `profile`, one a line: milliseconds, name,
 * file:line (1-based).
 *
 * @param count how many to print
 */
export function printSelfTimes(profile: CpuProfile, count: number): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
}
