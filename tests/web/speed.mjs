// The browser build's speed against the native build's, on the same machine and the
// same searches: NegaAlpha and NegaScout to depth 16 on FFO #40, one search at a time
// (one worker, one thread), native and browser alternately, best of three each. The
// browser is timed twice: the engine alone in a Web Worker (`treelab_search`), and the
// app's own run (its worker, with the page drawing the progress beside it). Not a test
// (speed is never asserted): `scripts/web-test.sh speed` prints the figures for
// docs/web.md. Environment as for browser.mjs.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const { BASE, TREELAB, OUT, PLAYWRIGHT } = process.env;
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
async function inBrowser() {
  await page.goto("about:blank");
  await page.goto(link);
  await page.waitForFunction(() => window.treelab_state && window.treelab_state() && window.treelab_state().frames > 0);
  await page.evaluate(() => window.treelab_command("threads=1"));
  await page.waitForTimeout(200);
  await page.evaluate(() => window.treelab_command("run"));
  await page.waitForFunction(() => { const s = window.treelab_state(); return !s.running && s.results.length >= 2; }, null, { timeout: 600000, polling: 200 });
  const s = await page.evaluate(() => window.treelab_state());
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
await browser.close();

const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
console.log(`CPU: ${cpu}; Chromium ${execFileSync("/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim()}`);
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
