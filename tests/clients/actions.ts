// Compiled by tests/clients/test_typescript.py with `tsc --noEmit --strict` next to the types that
// openapi-typescript generates from openapi.yaml (./schema.d.ts): a client builds an action of every game,
// reads a result, a verdict, the events of a real answer and the steps of a real traced record (./answer.ts,
// written by the test from the service), and the compiler refuses what the contract refuses.
import type { components } from "./schema";
import { answer, asText, matched, suggested, traced } from "./answer";

type Schemas = components["schemas"];

export const actions = {
  threeCardBrag: { seat: 1, type: "raise", amount: 4 } satisfies Schemas["ThreeCardBragAction"],
  oldBrag: { seat: 0, type: "bet", amount: 2 } satisfies Schemas["OldBragAction"],
  briscola: { seat: 0, type: "play", card: "AS" } satisfies Schemas["BriscolaAction"],
  briscolaChiamata: { seat: 2, type: "bid", rank: "A" } satisfies Schemas["BriscolaChiamataAction"],
  broggin: { seat: 0, type: "exchange", discard: ["1Sw", "QCo"] } satisfies Schemas["BrogginAction"],
  briscan: { seat: 1, type: "announce", melds: [{ kind: "marriage", cards: ["KH", "QH"] }] } satisfies Schemas["BriscanAction"],
  brisque: { seat: 0, type: "play", card: "TS" } satisfies Schemas["BrisqueAction"],
};

export const oldBragOptions: Schemas["OldBragOptions"][] = [{ pot3_ace: 11 }, { pot3_ace: "1_or_11" }];

// @ts-expect-error: Three Card Brag has no "play"
export const notAnAction: Schemas["ThreeCardBragAction"] = { seat: 0, type: "play" };

// @ts-expect-error: pot3_ace is 11 or "1_or_11", nothing else
export const notAnOption: Schemas["OldBragOptions"] = { pot3_ace: 1 };

/** A named card's word in Swedish, where the game has one: names are typed by language, then kind. */
export function swedish(entry: Schemas["GameDetail"], card: string): string | undefined {
  return entry.names.sv?.card?.[card];
}

/** What decided a comparison, in the words of the language the service answered in. */
export function decidedBy(answer: Schemas["ThreeCardBragCompareResponse"]): string {
  return `${answer.deciding_text} (${answer.deciding})`;
}

// @ts-expect-error: names come by the known kinds only
export const notAKind = (entry: Schemas["GameDetail"]) => entry.names.en.colour;

// @ts-expect-error: English is always there, and "fr" is no language of a names table
export const notALanguage = (entry: Schemas["GameDetail"]) => entry.names.fr;

/** The winners of a finished deal, or none while it goes on. */
export function winners(answer: Schemas["BriscolaActionResponse"]): number[] {
  return answer.result === null ? [] : answer.result.winners;
}

/** What a record's verdict says, as a sentence. */
export function verdict(answer: Schemas["ThreeCardBragAdjudicateResponse"]): string {
  switch (answer.verdict) {
    case "complete":
      return `over after ${answer.applied} actions, won by ${answer.result?.winners.join(", ")}`;
    case "in_progress":
      return `${answer.applied} actions so far`;
    case "illegal":
      return `action ${answer.error?.index} broke rule ${answer.error?.rule}`;
    case "undecided":
      return `undecided: ${(answer.missing ?? []).map((m) => `seat ${m.seat} must show ${m.cards} cards`).join(", ")}`;
  }
}

/** Who took the trick of an answer, and with how many points: read from its typed `trick` event. */
export function trickTaken(response: Schemas["BriscolaActionResponse"]): string {
  for (const event of response.events) {
    if (event.type === "trick") {
      return `seat ${event.winner} took ${event.cards.join(" ")} for ${event.points} points`;
    }
  }
  return "no trick yet";
}

// A real answer of the service (written next to this file by test_typescript.py), read as a client would.
export const taken: string = trickTaken(answer);

// @ts-expect-error: only some events name a card (a play, a draw...): an event is read by its type first
export const unread = (event: Schemas["BriscolaEvent"]): string => event.card;

/** A traced record's steps, one line each: who did what, then the phase and who is to act. */
export function stepLines(response: Schemas["BriscolaAdjudicateResponse"]): string[] {
  return (response.steps ?? []).map(
    (step) => `${step.index + 1}. seat ${step.action.seat} ${step.action.type}; ${step.phase}, ${step.to_act ?? "nobody"} to act`,
  );
}

// A real traced answer with a view: the steps as the table and as the seat saw them.
export const lines: string[] = stepLines(traced);
export const seen: number[] = (traced.views ?? []).map((view) => (view.steps ?? []).length + (view.deal_events ?? []).length);

// @ts-expect-error: a step's phase is one of the game's phase words
export const notAPhase: Schemas["BriscolaTraceStep"] = { index: 0, action: actions.briscola, events: [], phase: "bidding", to_act: 1 };

/** A match's verdict as a sentence: who leads, by deals won and points, and which deal decided it. */
export function matchVerdict(response: Schemas["BriscolaMatchResponse"]): string {
  const table = response.standings.map((s) => `seat ${s.seat}: ${s.deals_won} deals, ${s.points} points`).join("; ");
  const decided = response.decided_by === null ? "not decided" : `decided by deal ${response.decided_by + 1}`;
  return `${response.verdict} after ${response.deals.length} deals (${table}), ${decided}`;
}

// A real match, sent as text and judged: read as a client would.
export const sentence: string = matchVerdict(matched);
export const sentText: string = asText.notation;

/** A suggestion in words: the move, then each candidate with its value. */
export function hint(response: Schemas["BriscolaSuggestResponse"]): string {
  const play = response.action.type === "play" ? response.action.card : response.action.type;
  return `${response.level}: ${play} (${response.considered.map((c) => `${c.value}`).join(", ")})`;
}

export const suggestion: string = hint(suggested);

// @ts-expect-error: a suggestion's level is easy, normal or hard
export const notALevel: Schemas["BriscolaSuggestRequest"] = { state: suggested as never, level: "expert" };
