/** `--name value` from the command line of a benchmark script, as a number. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value);
}
