/** Small helpers the benchmark scripts share: timing, peak RSS, number formats. */

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
export const secs = (ms: number) => (ms / 1000).toFixed(2);
export const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('pt-BR');
export const count = (n: number) => n.toLocaleString('pt-BR');

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** Samples this process's RSS every 50 ms while `fn` runs. */
export async function peakRss<T>(fn: () => Promise<T>): Promise<{ peak: number; value: T }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const value = await fn();
    return { peak: Math.max(peak, process.memoryUsage().rss), value };
  } finally {
    clearInterval(timer);
  }
}
