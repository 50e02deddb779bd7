/** `--name value` from the command line of a benchmark script, as a number. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value);
}

/** `--name value` from the command line of a benchmark script, as text, or undefined when absent. */
export function stringOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
