// The `spanlight` command's entry point (bin/spanlight.js loads it through tsx): wires the process to main().
import { processIo } from './io';
import { main } from './main';

// A reader that goes away (`spanlight … | head`) ends the command quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const code = await main(process.argv.slice(2), processIo());
// Exit once stderr is flushed too (stdout is: io.out waits for it), so no idle keep-alive socket holds the process.
process.stderr.write('', () => process.exit(code));
