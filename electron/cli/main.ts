// Entry point of the `assistant` command (bin/assistant.js runs the bundle of this file; tests
// run it with tsx). Wires runCli to the process: arguments, environment, stdout/stderr, Ctrl-C,
// and the exit code. A second Ctrl-C exits at once.
import { runCli } from './cli';
import { EXIT } from './exit-codes';

const interrupt = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(EXIT.interrupted);
  interrupt.abort();
});

async function main(): Promise<number> {
  return runCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: interrupt.signal,
  });
}

main()
  .catch((thrown: unknown) => {
    // Only a bug gets here; still one line, no stack trace.
    const token = process.env.ASSISTANT_SESSION_TOKEN;
    let message = thrown instanceof Error ? thrown.message : String(thrown);
    if (token !== undefined && token.length >= 4) message = message.split(token).join('[redacted]');
    process.stderr.write(`assistant: unexpected error: ${message} (code internal_error)\n`);
    return EXIT.service;
  })
  .then((code) => {
    // Exit now: idle keep-alive sockets must not hold the command open once its work is done.
    process.exit(code);
  });
