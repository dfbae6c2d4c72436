// Preloaded into a process the bench profiles (node --import): the first SIGUSR2 starts V8's CPU profiler, the next
// writes the profile into PROFILE_DIR and stops it, so a profile holds one load window and not the start-up's
// module loading and compiling (--cpu-prof records from the first instruction to the exit).
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import process from 'node:process';

const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    const file = path.join(process.env.PROFILE_DIR || '.', `${process.pid}.cpuprofile`);
    fs.writeFileSync(`${file}.part`, JSON.stringify(result.profile));
    fs.renameSync(`${file}.part`, file);
  });
});
