/**
 * What the command-line scripts that take a password share (shop:create, staff:create): their
 * `--flag value` arguments, a password read from standard input (never from the command line,
 * which other users of the machine can read: typed at a prompt that does not echo it, asked
 * twice, when standard input is a terminal, else the first line of what is piped in), and a
 * refusal's field errors as lines to print; and the server's configuration as a script reads it.
 */
import { type AppConfig, ConfigError, loadConfig } from '../../server/config/config.ts';
import type { DomainError } from '../../server/platform/domain-error.ts';

/** The value after `--name`, or undefined; a flag followed by another flag has no value. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : process.argv[at + 1];
  return value === undefined || value.startsWith('--') ? undefined : value;
}

/** Reads one line from a terminal without echoing it (raw mode; Ctrl-C aborts). */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of piped standard input, without its line break (empty when none). */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/**
 * The password, read as the module comment says; null (after saying why) when the two typed at
 * a terminal differ.
 */
export async function readPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return readPiped();
  const password = await promptHidden('Password: ');
  const again = await promptHidden('Password again: ');
  if (password !== again) {
    console.error('The two passwords are not the same.');
    return null;
  }
  return password;
}

/** A domain error's problems, one line each: `field: message`, or the message alone. */
export function problemsOf(error: DomainError<string>): string[] {
  return error.fields
    ? Object.entries(error.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    : [error.field ? `${error.field}: ${error.message}` : error.message];
}

/**
 * The server's configuration from the environment, as the API reads it; null after printing
 * "Configuration error: …" for a malformed setting (the caller exits 1).
 */
export function configOrSay(): AppConfig | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    return null;
  }
}
