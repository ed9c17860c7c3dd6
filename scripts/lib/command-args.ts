/**
 * A command's arguments, parsed; or, when the command should stop at once, the
 * exit code: 2 with the problem and the usage for bad arguments, 0 with the
 * usage for --help.
 */
export function commandArgs<T extends { values: { help?: boolean | undefined } }>(
  parse: () => T,
  usage: string,
): T | number {
  let args: T;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (args.values.help) {
    process.stdout.write(usage);
    return 0;
  }
  return args;
}
