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

/**
 * Prints the profile's self time summed per script file (ms, largest first), so that a chunk's
 * share of start-up reads at a glance; samples outside any script ((program), (idle), the garbage
 * collector) are summed under their own names.
 */
export function printSelfTimesByScript(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    const key = frame.url ? (frame.url.split('/').pop() ?? frame.url) : frame.functionName || '(native)';
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  // Inclusive time of each module's evaluation (its top-level code, line 1, and what it calls).
  const children = new Map(profile.nodes.map((node) => [node.id, (node as { children?: number[] }).children ?? []]));
  const selfByNode = new Map<number, number>();
  (profile.samples ?? []).forEach((id, index) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000));
  const total = (id: number): number => (selfByNode.get(id) ?? 0) + children.get(id)!.reduce((sum, child) => sum + total(child), 0);
  const evaluation = new Map<string, number>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    if (frame.url && frame.lineNumber === 0 && !frame.functionName) {
      const key = frame.url.split('/').pop() ?? frame.url;
      evaluation.set(key, (evaluation.get(key) ?? 0) + total(node.id));
    }
  }
  console.log('  module evaluation, inclusive (ms):');
  for (const [key, ms] of [...evaluation].sort((a, b) => b[1] - a[1])) if (ms >= 2) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
  console.log('  self time per script (ms):');
  for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1])) if (ms >= 1) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
}
