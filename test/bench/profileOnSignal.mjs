// Preloaded into a process the bench profiles (node --import): the first SIGUSR2 starts V8's CPU profiler, the next
// writes the profile into PROFILE_DIR and stops it, so a profile holds one load window and not the start-up's
// module loading and compiling (--cpu-prof records from the first instruction to the exit). V8's sampling heap
// profiler runs through the same window, keeping what the young and old generations collected too, so the
// .heapprofile beside it tells what was allocated (what the garbage collector then spends its time on), not what
// stayed alive.
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
    session.post('HeapProfiler.enable', () =>
      session.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    );
    return;
  }
  running = false;
  const write = (name, value) => {
    const file = path.join(process.env.PROFILE_DIR || '.', `${process.pid}.${name}`);
    fs.writeFileSync(`${file}.part`, JSON.stringify(value));
    fs.renameSync(`${file}.part`, file);
  };
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (!error) write('heapprofile', result.profile);
  });
  session.post('Profiler.stop', (error, result) => {
    if (!error) write('cpuprofile', result.profile);
  });
});
