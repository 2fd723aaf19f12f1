// Times one argon2id hash with the settings the app uses (Bun.password's defaults); prints JSON.
const runs = 10;
const times: number[] = [];
for (let i = 0; i < runs + 1; i++) {
  const started = performance.now();
  await Bun.password.hash(`bench password ${i}`, { algorithm: "argon2id" });
  if (i > 0) times.push(performance.now() - started); // the first run warms up
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ runs, medianMs: times[Math.floor(runs / 2)] }));

export {};
