// A search worker: loads the same module as the page and serves the runner's jobs.
import init, { worker_main } from "./treelab_web.js";

await init();
worker_main();
