// After each test file: every local embedding model its modules loaded is closed. A llama.cpp thread left alive
// holds its process's exit, so a jest worker that ran such a file could not end and was force-killed at the end of a
// whole run ("A worker process has failed to exit gracefully"); a single file run in-band never ended at all.
import { closeLocalModels } from '../../activities/embeddings';

afterAll(() => closeLocalModels());
