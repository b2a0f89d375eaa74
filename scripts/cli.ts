/**
 * Imported first by the command-line scripts: a mistake in the arguments or the settings, or a
 * failed step, prints one clear message (and the usage, for an argument error) instead of a stack
 * trace, and exits non-zero. DEBUG=1 prints the stack as well.
 */
import { z } from 'zod';

let usage = '';

/** The usage line shown after an argument error. */
export function setUsage(text: string): void {
  usage = text;
}

function report(error: unknown): never {
  if (process.env['DEBUG']) console.error(error);
  else if (error instanceof z.ZodError)
    console.error(error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'));
  else console.error(error instanceof Error ? error.message : String(error));
  const argumentError = error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
  if (argumentError && usage) console.error(usage);
  process.exit(argumentError ? 2 : 1);
}

process.on('uncaughtException', report);
process.on('unhandledRejection', report);
