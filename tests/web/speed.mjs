// The browser build's speed against the native build's, on the same machine and the
// same searches: NegaAlpha and NegaScout to depth 16 on FFO #40, one search at a time
// (one worker, one thread), native and browser alternately, best of three each. The
// browser is timed twice: the engine alone in a Web Worker (`treelab_search`), and the
// app's own run (its worker, with the page drawing the progress beside it). Then a run
// of many small searches (the same two rows over FFO #40-#59 at depths 1-8, 320
// searches, in a 1024x700 page): the app's run from Run to its last result against
// the sum of its searches' own times, the engine alone in a worker, and the native
// CLI's run, three times each. Not a test (speed is never asserted):
// `scripts/web-test.sh speed` prints the figures for docs/web.md (PARTS=long or
// PARTS=small prints one of the two). Environment as for browser.mjs.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const { BASE, TREELAB, OUT, PLAYWRIGHT } = process.env;
const PARTS = (process.env.PARTS || "long,small").split(",");
const { chromium } = await import(PLAYWRIGHT);
const treelab = (...args) => execFileSync(TREELAB, args, { encoding: "utf8" });
const DEPTH = 16;

function native() {
  const file = join(OUT, "speed-native.ron");
  writeFileSync(file, readFileSync(preset));
  treelab("session", "run", file, "--current", "--threads", "1");
  const csv = treelab("session", "show", file, "--format", "csv").trim().split("\n");
  const head = csv[0].split(",");
  const [row, nodes, secs, spec, game, text] = ["Row", "Nodes", "Time (s)", "Algorithm and options", "Game", "Position text"].map((c) => head.indexOf(c));
  return csv.slice(1).map((l) => l.split(",")).map((f) => ({
    row: +f[row] - 1, nodes: +f[nodes], secs: +f[secs], spec: f[spec], game: f[game].toLowerCase(), text: f[text],
  }));
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

// The default session (as the page opens it), with its rows at depth 16.
await page.goto(BASE);
await page.waitForFunction(() => window.treelab_state && window.treelab_state() && window.treelab_state().frames > 0);
await page.evaluate(() => window.treelab_command("copy-link"));
await page.waitForFunction(() => window.treelab_state().link);
const defaultLink = (await page.evaluate(() => window.treelab_state())).link;
const preset = join(OUT, "speed.ron");
const base = treelab("session", "from-link", defaultLink);
writeFileSync(preset, base.replace(/depth_min: \d+/g, `depth_min: ${DEPTH}`).replace(/depth_max: \d+/g, `depth_max: ${DEPTH}`));
const link = treelab("session", "link", preset, "--base-url", BASE).trim();
/** A page of its own (nothing kept from an earlier run) at `url`, once the app drew. */
let fresh;
async function freshPage(width, height, url) {
  if (fresh) await fresh.close();
  fresh = await browser.newPage({ viewport: { width, height } });
  await fresh.goto(url);
  await fresh.waitForFunction(() => window.treelab_state && window.treelab_state() && window.treelab_state().frames > 0);
  return fresh;
}

async function inBrowser() {
  const p = await freshPage(1280, 800, link);
  await p.evaluate(() => window.treelab_command("threads=1"));
  await p.waitForTimeout(200);
  await p.evaluate(() => window.treelab_command("run"));
  await p.waitForFunction(() => { const s = window.treelab_state(); return !s.running && s.results.length >= 2; }, null, { timeout: 600000, polling: 200 });
  const s = await p.evaluate(() => window.treelab_state());
  return s.results.map((r) => ({ row: r.row, nodes: r.nodes, secs: +r.secs }));
}

// The engine alone: the same searches in a Web Worker that loads the page's module.
async function inWorker(rows) {
  await page.goto(BASE);
  return page.evaluate(async ({ base, rows }) => {
    const src = `import init, { treelab_search } from "${base}treelab_web.js";
      await init();
      onmessage = (e) => {
        const out = e.data.map((r) => ({ row: r.row, ...JSON.parse(treelab_search(r.game, r.text, r.spec, r.depth)) }));
        postMessage(out);
      };
      postMessage("ready");`;
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
    const answer = () => new Promise((ok, fail) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => fail(new Error(e.message)); });
    await answer();
    const done = answer();
    w.postMessage(rows);
    const out = await done;
    w.terminate();
    return out;
  }, { base: BASE, rows });
}

const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
console.log(`CPU: ${cpu}; Chromium ${execFileSync("/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim()}`);

if (PARTS.includes("long")) await long();
if (PARTS.includes("small")) await small();
await browser.close();

async function long() {
const best = { native: [], browser: [], worker: [] };
const keep = (which, runs) => {
  for (const r of runs) {
    const b = best[which][r.row];
    if (!b || r.secs < b.secs) best[which][r.row] = r;
  }
};
for (let i = 0; i < 3; i++) {
  const n = native();
  keep("native", n);
  keep("worker", await inWorker(n.map((r) => ({ row: r.row, game: r.game, text: r.text, spec: r.spec, depth: DEPTH }))));
  keep("browser", await inBrowser());
}
console.log("| row | nodes | native s | native Mn/s | worker s | worker Mn/s | worker/native | app s | app Mn/s | app/native |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [i, n] of best.native.entries()) {
  const [w, b] = [best.worker[i], best.browser[i]];
  for (const [what, r] of [["worker", w], ["app", b]]) {
    if (n.nodes !== r.nodes) console.log(`row ${i + 1}: the node counts differ (${n.nodes} native, ${r.nodes} ${what})`);
  }
  const mn = (r) => (r.nodes / r.secs / 1e6).toFixed(1);
  const cols = (r) => `${r.secs.toFixed(3)} | ${mn(r)} | ${(r.secs / n.secs).toFixed(2)}`;
  console.log(`| ${n.spec} | ${n.nodes} | ${n.secs.toFixed(3)} | ${mn(n)} | ${cols(w)} | ${cols(b)} |`);
}
}

/** The many small searches: the default rows over the open suite at depths 1-8. */
async function small() {
  const ron = treelab("session", "from-link", defaultLink)
    .replace(/run_suite: false/, "run_suite: true")
    .replace(/depth_min: \d+/g, "depth_min: 1").replace(/depth_max: \d+/g, "depth_max: 8");
  const file = join(OUT, "small.ron");
  writeFileSync(file, ron);
  const smallLink = treelab("session", "link", file, "--base-url", BASE).trim();
  // The searches as the engine alone runs them in a worker: the native run's.
  const nativeFile = join(OUT, "small-native.ron");
  const runs = [];
  for (let i = 0; i < 3; i++) {
    writeFileSync(nativeFile, ron);
    const started = process.hrtime.bigint();
    treelab("session", "run", nativeFile, "--threads", "1");
    const native = Number(process.hrtime.bigint() - started) / 1e9;
    const csv = treelab("session", "show", nativeFile, "--format", "csv").trim().split("\n").map((l) => l.split(","));
    const col = (c) => csv[0].indexOf(c);
    const jobs = csv.slice(1).map((f) => ({ text: f[col("Position text")], spec: f[col("Algorithm and options")], depth: +f[col("Depth")] }));
    const p = await freshPage(1024, 700, smallLink);
    await p.evaluate(() => window.treelab_command("threads=1"));
    await p.waitForTimeout(300);
    const app = await p.evaluate(async () => {
      const t0 = performance.now();
      let worst = 0;
      let last = t0;
      window.treelab_command("run");
      for (;;) {
        await new Promise((r) => setTimeout(r, 10));
        const now = performance.now();
        // The page's thread held up: the longest gap between two of these looks.
        worst = Math.max(worst, now - last - 10);
        last = now;
        const s = window.treelab_state();
        if (!s.running && s.results.length > 0) {
          return { wall: (now - t0) / 1000, n: s.results.length, sum: s.results.reduce((a, r) => a + +r.secs, 0), worst };
        }
        if (now - t0 > 600000) throw new Error("the run did not end in 10 minutes");
      }
    });
    const worker = await p.evaluate(async ({ base, jobs }) => {
      const src = `import init, { treelab_search } from "${base}treelab_web.js";
        await init();
        onmessage = (e) => {
          const t0 = performance.now();
          for (const j of e.data) treelab_search("othello", j.text, j.spec, j.depth);
          postMessage((performance.now() - t0) / 1000);
        };
        postMessage("ready");`;
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
      const answer = () => new Promise((ok) => { w.onmessage = (e) => ok(e.data); });
      await answer();
      const done = answer();
      w.postMessage(jobs);
      const secs = await done;
      w.terminate();
      return secs;
    }, { base: BASE, jobs });
    runs.push({ ...app, worker, native });
  }
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
  const spread = (k) => `${Math.min(...runs.map((r) => r[k])).toFixed(2)}-${Math.max(...runs.map((r) => r[k])).toFixed(2)}`;
  const cell = (k, digits = 2) => `${median(k).toFixed(digits)} (${spread(k)})`;
  console.log(`\nMany small searches (${runs[0].n}; a 1024x700 page, one worker), median of 3 (spread):`);
  console.log("| the app's run s | its searches' own times s | run/searches | engine alone in a worker s | native CLI run s | longest stall of the page ms |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  console.log(`| ${cell("wall")} | ${cell("sum")} | ${(median("wall") / median("sum")).toFixed(1)} | ${cell("worker")} | ${cell("native")} | ${cell("worst", 0)} |`);
}
