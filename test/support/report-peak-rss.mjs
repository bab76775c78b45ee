// Preloaded (`node --import`) into a child process whose memory a test bounds: as the process
// exits, it writes its peak resident set (getrusage's maxrss, /proc's VmHWM; Windows' peak working
// set) to stderr as one line, `peak-rss-kb <n>`, read back by peakRssKb() in cli/support.ts.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
