// Helper for scripts/build_pokedex.py: dumps the fields we need from
// pokemon-showdown's compiled dist/data/pokedex.js as JSON on stdout.
//
// Usage: node scripts/build_pokedex.mjs <path/to/pokemon-showdown/dist/data/pokedex.js>
import { createRequire } from "node:module";
import { resolve } from "node:path";

const path = process.argv[2];
if (!path) {
  console.error("usage: node build_pokedex.mjs <pokedex.js>");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { Pokedex } = require(resolve(path));

const out = {};
for (const [key, s] of Object.entries(Pokedex)) {
  out[key] = {
    num: s.num,
    name: s.name,
    forme: s.forme ?? null,
    baseSpecies: s.baseSpecies ?? null,
    types: s.types,
    heightm: s.heightm,
    weightkg: s.weightkg,
    color: s.color ?? null,
    prevo: s.prevo ?? null,
  };
}
process.stdout.write(JSON.stringify(out));
