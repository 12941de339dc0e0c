// SPDX-License-Identifier: MIT
// card-arbiter's Briscola bot as a player of the BriscoLab arena (linkingtechnologies/libre-arcade, briscola/).
//
// Our own code: it copies nothing from the arena. It imports the arena's modules at run time from a local copy
// whose path the user gives (--arena), and speaks to the arena only through its public player interface
// (create(randomSeed) -> {id, name, reset(), chooseAction(observation)}), its engine's constructor
// (new BriscolaGame({seed, firstPlayer})) and simulate.mjs's playBalancedPair (the paired-seed protocol).
//
// Each decision is answered by a long-lived `python bench/arena.py serve --level L` over JSON lines: it deals
// card-arbiter's own Briscola from the deck the arena deals, applies every play the observation reports, checks
// the observation against its replica, and answers with the actions/suggest policy for the seat.
//
// As a script (run by bench/arena.py; not part of the test suite):
//   node bench/arena/card_arbiter_player.mjs play --arena DIR --opponent ID --level L --seed-pairs N
//        [--seed-start S] [--python PY]              one JSON line a game, then a summary line
//   node bench/arena/card_arbiter_player.mjs record --arena DIR --players A,B --seed-pairs N [--seed-start S]
//        arena games between arena players, every play and trick as the arena's engine reports it
//
// To run it under the arena's own head-to-head.mjs instead, add to its players list:
//   { id: "card-arbiter", name: "card-arbiter normal",
//     create: (randomSeed) => new CardArbiterPlayer({ randomSeed, arena: "<dir>" }) }
// (the game's seed is then read back from the player seed by simulate.mjs's playerRandomSeeds rule).

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");

function arenaUrl(arena, ...parts) {
  return pathToFileURL(join(arena, ...parts)).href;
}

/** The long-lived Python process answering decisions; one per level, shared by every game. */
class Bridge {
  constructor({ python = "python3", level = "normal" } = {}) {
    this.child = spawn(python, [join(repoRoot, "bench", "arena.py"), "serve", "--level", level], {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "inherit"]
    });
    this.waiting = [];
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on("line", (line) => {
      const next = this.waiting.shift();
      if (next) next(JSON.parse(line));
    });
    this.child.on("exit", (code) => {
      for (const next of this.waiting.splice(0)) next({ error: `bench/arena.py serve exited (${code})` });
    });
  }

  ask(message) {
    return new Promise((resolveAnswer, reject) => {
      this.waiting.push((answer) => (answer.error ? reject(new Error(answer.error)) : resolveAnswer(answer)));
      this.child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  }

  close() {
    this.child.stdin.end();
  }
}

const bridges = new Map();

function bridgeFor(python, level) {
  const key = `${python}\u0000${level}`;
  if (!bridges.has(key)) bridges.set(key, new Bridge({ python, level }));
  return bridges.get(key);
}

export function closeBridges() {
  for (const bridge of bridges.values()) bridge.close();
  bridges.clear();
}

/** The deck of the arena's deal for `seed`, top first, in the arena's card ids, as its engine deals it. */
async function arenaDeck(arena, seed) {
  const { BriscolaGame } = await import(arenaUrl(arena, "src", "core", "BriscolaGame.js"));
  const game = new BriscolaGame({ seed, firstPlayer: 0 });
  const { hands } = game.getPublicState();
  // Dealt one at a time from the end of the shuffled stock, seat 0 first; then the turn-up; then the stock is
  // drawn from its end, the turn-up last of all.
  const dealt = [0, 1, 2].flatMap((round) => [hands[0][round].id, hands[1][round].id]);
  const stock = game.state.stock.map((card) => card.id).reverse();
  return [...dealt, game.state.visibleTrump.id, ...stock];
}

let gameCounter = 0;

/** An arena player: one instance per game, as the arena's create() makes them. */
export class CardArbiterPlayer {
  constructor({ arena, seed = null, randomSeed = 0, level = "normal", python = "python3" } = {}) {
    if (!arena) throw new Error("CardArbiterPlayer needs the arena's briscola/ directory (arena)");
    this.id = "card-arbiter";
    this.name = `card-arbiter ${level}`;
    this.arena = arena;
    // simulate.mjs gives the players of seed s the player seeds 4s+1 .. 4s+4.
    this.seed = seed ?? Math.floor((Number(randomSeed) - 1) / 4);
    this.bridge = bridgeFor(python, level);
    this.reset();
  }

  reset() {
    gameCounter += 1;
    this.key = `g${gameCounter}`;
    this.started = null;
  }

  async chooseAction(observation) {
    if (!observation?.isMyTurn) throw new Error(`${this.name} received an observation outside its turn`);
    if (this.started === null) {
      const deck = await arenaDeck(this.arena, this.seed);
      this.started = this.bridge.ask({ op: "new", game: this.key, seed: this.seed, deck });
    }
    await this.started;
    const answer = await this.bridge.ask({ op: "move", game: this.key, observation });
    if (!observation.hand.some((card) => card.id === answer.card)) {
      throw new Error(`${this.name} answered ${answer.card}, not in its hand`);
    }
    return { type: "PLAY_CARD", cardId: answer.card };
  }
}

/** An arena opponent by its id: from the arena's own players list when that loads (a full copy), else from
 * the few adapters a partial copy holds, made as the arena's list makes them. */
async function opponent(arena, id) {
  try {
    const { getArenaPlayer } = await import(arenaUrl(arena, "arena", "scripts", "lib", "players.mjs"));
    return getArenaPlayer(id);
  } catch (error) {
    if (String(error?.message).startsWith("Unknown Arena player")) throw error;
  }
  const giacomelli = arenaUrl(arena, "src", "players", "giacomelli", "GiacomelliAdapter.js");
  const made = {
    "giacomelli-pig": async () => {
      const { PiGAdapter } = await import(giacomelli);
      return { name: "πG Greedy", create: () => new PiGAdapter() };
    },
    "giacomelli-pih": async () => {
      const { PiHAdapter } = await import(giacomelli);
      return { name: "πH Hoarder", create: () => new PiHAdapter() };
    },
    "giacomelli-pic": async () => {
      const { PiCAdapter } = await import(giacomelli);
      return { name: "πC Counter", create: () => new PiCAdapter() };
    },
    random: async () => {
      const { RandomAdapter } = await import(arenaUrl(arena, "src", "players", "random", "RandomAdapter.js"));
      return { name: "Random", create: (randomSeed = 0x52414e44) => new RandomAdapter({ randomSeed }) };
    },
    "briscolabot-v3": async () => {
      const weights = join(arena, "assets", "models", "briscolabot", "briscola-bot-v3-policy.bin");
      if (!existsSync(weights)) throw new Error(`BriscolaBot v3's weights are missing: ${weights}`);
      const { BriscolaBotAdapter } = await import(
        arenaUrl(arena, "src", "players", "briscolabot", "BriscolaBotAdapter.js")
      );
      const { BriscolaBotDeterministicRuntime } = await import(
        arenaUrl(arena, "src", "players", "briscolabot", "BriscolaBotDeterministicRuntime.js")
      );
      return {
        name: "BriscolaBot v3",
        create: (randomSeed = 0x42524953) =>
          new BriscolaBotAdapter({ randomSeed, runtime: new BriscolaBotDeterministicRuntime() })
      };
    }
  };
  if (!made[id]) throw new Error(`Arena player '${id}' is not in this copy of the arena (${Object.keys(made)})`);
  return { id, ...(await made[id]()) };
}

function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith("--")) {
      out[argv[i].slice(2)] = argv[i + 1];
      i += 1;
    }
  }
  return out;
}

/** Our bot against an arena player over paired seeds, by the arena's playBalancedPair. */
async function play(opts) {
  const arena = resolve(opts.arena);
  const { playBalancedPair } = await import(arenaUrl(arena, "arena", "scripts", "lib", "simulate.mjs"));
  const level = opts.level ?? "normal";
  const python = opts.python ?? "python3";
  const ours = {
    id: "card-arbiter",
    name: `card-arbiter ${level}`,
    create: (randomSeed) => new CardArbiterPlayer({ arena, randomSeed, level, python })
  };
  const other = await opponent(arena, opts.opponent);
  const start = Number(opts["seed-start"] ?? 1);
  const pairs = Number(opts["seed-pairs"] ?? 10);
  for (let seed = start; seed < start + pairs; seed += 1) {
    for (const game of await playBalancedPair(seed, ours, other)) {
      const seat = game.first.id === ours.id ? 0 : 1;
      const { scores, draw, winner } = game.result;
      const share = draw ? 0.5 : winner === seat ? 1 : 0;
      console.log(JSON.stringify({ seed, swapped: game.swapped, seat, scores, share }));
    }
  }
}

/** Arena games between arena players, every play and trick as the arena's own engine reports them. */
async function record(opts) {
  const arena = resolve(opts.arena);
  // simulate.mjs also gives node the CustomEvent the engine dispatches.
  const { playerRandomSeeds } = await import(arenaUrl(arena, "arena", "scripts", "lib", "simulate.mjs"));
  const { BriscolaGame } = await import(arenaUrl(arena, "src", "core", "BriscolaGame.js"));
  const [idA, idB] = String(opts.players ?? "random,giacomelli-pig").split(",");
  const a = await opponent(arena, idA);
  const b = await opponent(arena, idB);
  const start = Number(opts["seed-start"] ?? 1);
  const pairs = Number(opts["seed-pairs"] ?? 10);
  for (let seed = start; seed < start + pairs; seed += 1) {
    for (const swapped of [false, true]) {
      const seated = swapped ? [b, a] : [a, b];
      const playerSeeds = playerRandomSeeds(seed, swapped);
      const players = [seated[0].create(playerSeeds.first), seated[1].create(playerSeeds.second)];
      players.forEach((p) => p.reset?.());
      const deck = await arenaDeck(arena, seed);
      const game = new BriscolaGame({ seed, firstPlayer: 0 });
      const plays = [];
      const tricks = [];
      game.addEventListener("cardplayed", (e) => plays.push([e.detail.playerId, e.detail.card.id]));
      game.addEventListener("trickwon", (e) => tricks.push([e.detail.winner, e.detail.points]));
      while (game.getPublicState().phase === "playing") {
        const turn = game.getPublicState().turn;
        const action = await players[turn].chooseAction(game.getObservation(turn));
        game.playCard(turn, action.cardId);
      }
      const { scores } = game.getPublicState().result;
      console.log(JSON.stringify({ seed, swapped, deck, plays, tricks, scores }));
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  const opts = options(rest);
  if (!opts.arena) throw new Error("--arena DIR (the arena's briscola/ directory) is required");
  try {
    if (command === "play") await play(opts);
    else if (command === "record") await record(opts);
    else throw new Error(`unknown command '${command}': play or record`);
  } finally {
    closeBridges();
  }
}
