// Percentiles and the printed table.

export interface LatencySummary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles in milliseconds (rounded to 0.1 ms). */
export function summarize(samples: number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, min: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
  const round = (value: number) => Math.round(value * 10) / 10;
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: round(sorted[0]!),
    mean: round(total / sorted.length),
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1]!),
  };
}

export function printTable(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${title}`);
  console.log('─'.repeat(Math.max(title.length, width + 20)));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}
